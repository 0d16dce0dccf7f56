import { useId, useState, type FormEvent } from 'react'
import { AlertTriangle, Gavel, Upload } from 'lucide-react'
import { toast } from 'sonner'
import type { DisputeDtoType } from '@common/schemas/dispute'
import { rupees } from '@/lib/rupees'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { errorText, httpStatus } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import {
  uploadEvidence,
  useAnswerDispute,
  useContractDispute,
  useDecideProposal,
  useOpenDispute,
  useProposeSplit,
} from '../api/contract-dispute'
import { formatWhen } from '../lib/format'
import { rich, slot } from '../lib/rich'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DisputeStatus, Outcome, SplitFields, Statement, useSplit } from './shared'

type Side = 'client' | 'freelancer'

/**
 * The contract page's dispute section (ADR 055, 058): open a dispute while money is in escrow, answer it, propose,
 * accept or decline a split, and the outcome with its reason.
 */
export function ContractDispute({ contractId }: { contractId: string }) {
  const t = useT()
  const q = useContractDispute(contractId)
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label={t('contract.dispute.loading')}>
        <Skeleton className="h-24 w-full" />
      </div>
    )
  if (q.isError) {
    // The contract's own section says when the contract is missing or not the reader's.
    const s = httpStatus(q.error)
    if (s === 403 || s === 404) return null
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 py-4 text-sm">
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
          {errorText(q.error, t('contract.dispute.loadFailed'))}
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            {t('contract.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    )
  }
  const { dispute, side, inEscrow } = q.data
  const canOpen = !!side && inEscrow > 0 && dispute?.status !== 'open'
  if (!dispute && !canOpen) return null
  return (
    <section aria-labelledby="dispute-title">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle id="dispute-title" className="flex items-center gap-2">
            <Gavel className="size-5 text-muted-foreground" aria-hidden /> {t('contract.dispute.title')}
          </CardTitle>
          {dispute ? <DisputeStatus status={dispute.status} /> : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {dispute ? <DisputeBody d={dispute} side={side} contractId={contractId} /> : null}
          {canOpen ? <OpenDispute contractId={contractId} inEscrow={inEscrow} again={!!dispute} /> : null}
        </CardContent>
      </Card>
    </section>
  )
}

function DisputeBody({ d, side, contractId }: { d: DisputeDtoType; side: Side | null; contractId: string }) {
  const t = useT()
  const answerer: Side = d.openedBy === 'client' ? 'freelancer' : 'client'
  const open = d.status === 'open'
  return (
    <>
      {open ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('contract.dispute.frozen', { amount: rupees(d.inEscrow) })}
        </p>
      ) : null}
      <Statement
        title={t('contract.dispute.openedBy', {
          name: d.openedBy === 'client' ? d.client.fullname : d.freelancer.fullname,
          side: d.openedBy,
        })}
        when={d.createdAt}
        files={d.attachments}
      >
        <p className="font-medium">{d.reason}</p>
        {d.evidence ? <p className="mt-1 text-muted-foreground">{d.evidence}</p> : null}
      </Statement>
      {d.answer !== null ? (
        <Statement
          title={t('contract.dispute.answerFrom', {
            name: answerer === 'client' ? d.client.fullname : d.freelancer.fullname,
            side: answerer,
          })}
          when={d.answeredAt}
          files={d.answerAttachments}
        >
          {d.answer}
        </Statement>
      ) : open ? (
        <p className="text-sm text-muted-foreground" data-testid="answer-due">
          {rich(
            t('contract.dispute.answerDue', {
              side: answerer,
              when: slot(0),
              ready: d.readyForOperator ? 'yes' : 'no',
            }),
            [<strong key="when">{formatWhen(d.answerDueAt)}</strong>],
          )}
        </p>
      ) : null}
      {open && side === answerer && d.answer === null ? <AnswerForm d={d} contractId={contractId} /> : null}
      {open && side ? <Settlement d={d} side={side} contractId={contractId} /> : null}
      <Outcome d={d} />
    </>
  )
}

/** Picks files and uploads each through the upload pipeline; their URLs go with the statement. */
function FilePicker({ urls, onChange }: { urls: string[]; onChange: (u: string[]) => void }) {
  const t = useT()
  const id = useId()
  const [busy, setBusy] = useState(false)
  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return
    setBusy(true)
    try {
      const added: string[] = []
      for (const f of Array.from(files).slice(0, 10 - urls.length)) added.push(await uploadEvidence(f))
      onChange([...urls, ...added])
    } catch (e) {
      toastError(e, t('contract.dispute.uploadFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{t('contract.dispute.files')}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
          disabled={busy || urls.length >= 10}
          onChange={(e) => {
            void onFiles(e.target.files)
            e.target.value = ''
          }}
          className="max-w-xs"
        />
        {busy ? <Spinner /> : <Upload className="size-4 text-muted-foreground" aria-hidden />}
        {urls.length ? (
          <span className="text-xs text-muted-foreground" data-testid="files-attached">
            {t('contract.dispute.attached', { count: urls.length })}
          </span>
        ) : null}
      </div>
    </div>
  )
}

function OpenDispute({
  contractId,
  inEscrow,
  again,
}: {
  contractId: string
  inEscrow: number
  again: boolean
}) {
  const t = useT()
  const [show, setShow] = useState(false)
  const [reason, setReason] = useState('')
  const [evidence, setEvidence] = useState('')
  const [urls, setUrls] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const openIt = useOpenDispute(contractId)
  const ids = { reason: useId(), evidence: useId() }
  if (!show)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {t('contract.dispute.openIntro', { again: again ? 'yes' : 'no', amount: rupees(inEscrow) })}
        </p>
        <Button variant="outline" onClick={() => setShow(true)}>
          {t('contract.dispute.openA')}
        </Button>
      </div>
    )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!reason.trim()) return setError(t('contract.dispute.reasonRequired'))
    setError(null)
    // mutateAsync, not mutate's own callbacks: the answer refreshes the contract, which can replace this form before
    // per-call callbacks run (they are dropped on unmount), and the person must still be told it worked.
    openIt
      .mutateAsync({ reason: reason.trim(), evidence: evidence.trim() || undefined, attachments: urls })
      .then(
        (r) => {
          toast.success(r.message ?? t('contract.dispute.opened'))
          setShow(false)
        },
        (err) => setError(toastError(err, t('contract.dispute.openFailed'))),
      )
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border p-3"
      aria-label={t('contract.dispute.openA')}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.reason}>{t('contract.dispute.reason')}</Label>
        <Textarea
          id={ids.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={2000}
          required
          aria-invalid={!!error && !reason.trim()}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.evidence}>{t('contract.dispute.evidence')}</Label>
        <Textarea
          id={ids.evidence}
          value={evidence}
          onChange={(e) => setEvidence(e.target.value)}
          maxLength={5000}
          placeholder={t('contract.dispute.evidencePlaceholder')}
        />
      </div>
      <FilePicker urls={urls} onChange={setUrls} />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={openIt.isPending}>
          {openIt.isPending ? <Spinner /> : null} {t('contract.dispute.open')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setShow(false)} disabled={openIt.isPending}>
          {t('contract.cancel')}
        </Button>
      </div>
    </form>
  )
}

function AnswerForm({ d, contractId }: { d: DisputeDtoType; contractId: string }) {
  const t = useT()
  const [answer, setAnswer] = useState('')
  const [urls, setUrls] = useState<string[]>([])
  const answerIt = useAnswerDispute(contractId)
  const id = useId()
  return (
    <form
      aria-label={t('contract.dispute.yourAnswer')}
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!answer.trim()) return
        answerIt.mutateAsync({ id: d._id, answer: answer.trim(), attachments: urls }).then(
          () => toast.success(t('contract.dispute.answerAdded')),
          (err) => toastError(err, t('contract.dispute.answerFailed')),
        )
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{t('contract.dispute.yourSide')}</Label>
        <Textarea
          id={id}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={5000}
          required
        />
      </div>
      <FilePicker urls={urls} onChange={setUrls} />
      <Button type="submit" className="self-start" disabled={answerIt.isPending || !answer.trim()}>
        {answerIt.isPending ? <Spinner /> : null} {t('contract.dispute.sendAnswer')}
      </Button>
    </form>
  )
}

/** The waiting proposal (accept / decline it, or wait for the other side) and a form to propose a split. */
function Settlement({ d, side, contractId }: { d: DisputeDtoType; side: Side; contractId: string }) {
  const t = useT()
  const waiting = d.proposals.find((p) => p.status === 'proposed')
  const decide = useDecideProposal(contractId)
  const [confirm, setConfirm] = useState(false)
  const act = (decision: 'accept' | 'decline') =>
    decide.mutateAsync({ id: d._id, proposalId: waiting!._id, decision }).then(
      (r) => {
        setConfirm(false)
        toast.success(r.message ?? t('contract.dispute.done'))
      },
      (err) => toastError(err, t('contract.dispute.decideFailed')),
    )
  return (
    <div className="flex flex-col gap-3">
      {waiting ? (
        <div className="rounded-lg border p-3 text-sm" data-testid="waiting-proposal">
          <p>
            {rich(
              t('contract.dispute.proposal', {
                who: waiting.proposedBy === side ? 'you' : waiting.proposedBy,
                release: slot(0),
                refund: slot(1),
              }),
              [
                <strong key="release">{rupees(waiting.releaseAmount)}</strong>,
                <strong key="refund">{rupees(waiting.refundAmount)}</strong>,
              ],
            )}
          </p>
          {waiting.proposedBy === side ? (
            <p className="mt-1 text-muted-foreground">
              {t('contract.dispute.waitingFor', {
                side: waiting.proposedBy === 'client' ? 'freelancer' : 'client',
              })}
            </p>
          ) : (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setConfirm(true)} disabled={decide.isPending}>
                {t('contract.dispute.acceptSplit')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => act('decline')} disabled={decide.isPending}>
                {t('contract.dispute.decline')}
              </Button>
            </div>
          )}
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title={t('contract.dispute.acceptTitle')}
            description={t('contract.dispute.acceptDescription', {
              release: rupees(waiting.releaseAmount),
              refund: rupees(waiting.refundAmount),
            })}
            confirmLabel={t('contract.dispute.acceptConfirm')}
            onConfirm={() => act('accept')}
            pending={decide.isPending}
          />
        </div>
      ) : null}
      <ProposeForm d={d} contractId={contractId} />
    </div>
  )
}

function ProposeForm({ d, contractId }: { d: DisputeDtoType; contractId: string }) {
  const t = useT()
  const [show, setShow] = useState(false)
  const split = useSplit(d.inEscrow)
  const propose = useProposeSplit(contractId)
  if (!show)
    return (
      <Button variant="outline" className="self-start" onClick={() => setShow(true)}>
        {t('contract.dispute.proposeA')}
      </Button>
    )
  return (
    <form
      aria-label={t('contract.dispute.proposeA')}
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!split.adds) return
        propose.mutateAsync({ id: d._id, releaseAmount: split.r, refundAmount: split.f }).then(
          () => {
            toast.success(t('contract.dispute.proposed'))
            setShow(false)
          },
          (err) => toastError(err, t('contract.dispute.proposeFailed')),
        )
      }}
    >
      <SplitFields split={split} inEscrow={d.inEscrow} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!split.adds || propose.isPending}>
          {propose.isPending ? <Spinner /> : null} {t('contract.dispute.propose')}
        </Button>
        <Button type="button" variant="outline" onClick={() => setShow(false)}>
          {t('contract.cancel')}
        </Button>
      </div>
    </form>
  )
}
