import { useId, useState, type FormEvent } from 'react'
import { AlertTriangle, Gavel, Upload } from 'lucide-react'
import { toast } from 'sonner'
import type { DisputeDtoType } from '@common/schemas/dispute'
import { formatRupees } from '@common/money'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
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
import { addsUpTo, formatWhen, parseRupees } from '../lib/format'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DisputeStatus, Outcome, Statement } from './shared'

type Side = 'client' | 'freelancer'
const sideWord = (s: Side) => (s === 'client' ? 'the client' : 'the freelancer')

/**
 * The contract page's dispute section (ADR 055, 058): open a dispute while money is in escrow, answer it, propose,
 * accept or decline a split, and the outcome with its reason.
 */
export function ContractDispute({ contractId }: { contractId: string }) {
  const q = useContractDispute(contractId)
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label="Loading the dispute">
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
          {errorText(q.error, 'Could not load the dispute.')}
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            Try again
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
            <Gavel className="size-5 text-muted-foreground" aria-hidden /> Dispute
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
  const answerer: Side = d.openedBy === 'client' ? 'freelancer' : 'client'
  const open = d.status === 'open'
  return (
    <>
      {open ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The {formatRupees(d.inEscrow)} in escrow is frozen while this dispute is open: nothing is released
          or refunded until you settle it between you or an operator decides.
        </p>
      ) : null}
      <Statement
        title={`Opened by ${d.openedBy === 'client' ? d.client.fullname : d.freelancer.fullname} (${d.openedBy})`}
        when={d.createdAt}
        files={d.attachments}
      >
        <p className="font-medium">{d.reason}</p>
        {d.evidence ? <p className="mt-1 text-muted-foreground">{d.evidence}</p> : null}
      </Statement>
      {d.answer !== null ? (
        <Statement
          title={`Answer from ${answerer === 'client' ? d.client.fullname : d.freelancer.fullname} (${answerer})`}
          when={d.answeredAt}
          files={d.answerAttachments}
        >
          {d.answer}
        </Statement>
      ) : open ? (
        <p className="text-sm text-muted-foreground" data-testid="answer-due">
          {sideWord(answerer).replace(/^t/, 'T')} answers by <strong>{formatWhen(d.answerDueAt)}</strong>
          {d.readyForOperator ? '; the time to answer has passed and an operator can decide now.' : '.'}
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
      toastError(e, 'Could not upload the file: photos up to 10 MB, MP4 or WebM videos up to 50 MB.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>Photos or videos</Label>
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
            {urls.length} attached
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
          {again ? 'Another problem? ' : 'Something went wrong on this hire? '}
          Open a dispute: the {formatRupees(inEscrow)} in escrow stays frozen until it is settled, and
          Microlance mediates for free.
        </p>
        <Button variant="outline" onClick={() => setShow(true)}>
          Open a dispute
        </Button>
      </div>
    )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!reason.trim()) return setError('Say what went wrong')
    setError(null)
    // mutateAsync, not mutate's own callbacks: the answer refreshes the contract, which can replace this form before
    // per-call callbacks run (they are dropped on unmount), and the person must still be told it worked.
    openIt
      .mutateAsync({ reason: reason.trim(), evidence: evidence.trim() || undefined, attachments: urls })
      .then(
        (r) => {
          toast.success(r.message ?? 'Dispute opened')
          setShow(false)
        },
        (err) => setError(toastError(err, 'Could not open the dispute. Please try again.')),
      )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border p-3" aria-label="Open a dispute">
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.reason}>What went wrong?</Label>
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
        <Label htmlFor={ids.evidence}>Evidence (optional)</Label>
        <Textarea
          id={ids.evidence}
          value={evidence}
          onChange={(e) => setEvidence(e.target.value)}
          maxLength={5000}
          placeholder="Dates, what was agreed, what arrived"
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
          {openIt.isPending ? <Spinner /> : null} Open dispute
        </Button>
        <Button type="button" variant="outline" onClick={() => setShow(false)} disabled={openIt.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function AnswerForm({ d, contractId }: { d: DisputeDtoType; contractId: string }) {
  const [answer, setAnswer] = useState('')
  const [urls, setUrls] = useState<string[]>([])
  const answerIt = useAnswerDispute(contractId)
  const id = useId()
  return (
    <form
      aria-label="Your answer"
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!answer.trim()) return
        answerIt.mutateAsync({ id: d._id, answer: answer.trim(), attachments: urls }).then(
          () => toast.success('Your answer was added'),
          (err) => toastError(err, 'Could not send your answer. Please try again.'),
        )
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>Your side</Label>
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
        {answerIt.isPending ? <Spinner /> : null} Send answer
      </Button>
    </form>
  )
}

/** The waiting proposal (accept / decline it, or wait for the other side) and a form to propose a split. */
function Settlement({ d, side, contractId }: { d: DisputeDtoType; side: Side; contractId: string }) {
  const waiting = d.proposals.find((p) => p.status === 'proposed')
  const decide = useDecideProposal(contractId)
  const [confirm, setConfirm] = useState(false)
  const act = (decision: 'accept' | 'decline') =>
    decide.mutateAsync({ id: d._id, proposalId: waiting!._id, decision }).then(
      (r) => {
        setConfirm(false)
        toast.success(r.message ?? 'Done')
      },
      (err) => toastError(err, 'Could not answer the proposal. Please try again.'),
    )
  return (
    <div className="flex flex-col gap-3">
      {waiting ? (
        <div className="rounded-lg border p-3 text-sm" data-testid="waiting-proposal">
          <p>
            {waiting.proposedBy === side ? 'You proposed' : `${sideWord(waiting.proposedBy)} proposed`}:{' '}
            <strong>{formatRupees(waiting.releaseAmount)}</strong> to the freelancer,{' '}
            <strong>{formatRupees(waiting.refundAmount)}</strong> back to the client.
          </p>
          {waiting.proposedBy === side ? (
            <p className="mt-1 text-muted-foreground">
              Waiting for {sideWord(waiting.proposedBy === 'client' ? 'freelancer' : 'client')}.
            </p>
          ) : (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setConfirm(true)} disabled={decide.isPending}>
                Accept split
              </Button>
              <Button size="sm" variant="outline" onClick={() => act('decline')} disabled={decide.isPending}>
                Decline
              </Button>
            </div>
          )}
          <ConfirmDialog
            open={confirm}
            onOpenChange={setConfirm}
            title="Accept this split?"
            description={`${formatRupees(waiting.releaseAmount)} is released to the freelancer and ${formatRupees(waiting.refundAmount)} refunded to the client at once. This ends the dispute.`}
            confirmLabel="Accept and move the money"
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
  const [show, setShow] = useState(false)
  const [release, setRelease] = useState('')
  const [refund, setRefund] = useState('')
  const propose = useProposeSplit(contractId)
  const ids = { release: useId(), refund: useId(), check: useId() }
  const r = parseRupees(release)
  const f = parseRupees(refund)
  const ok = !Number.isNaN(r) && !Number.isNaN(f) && addsUpTo(r, f, d.inEscrow)
  if (!show)
    return (
      <Button variant="outline" className="self-start" onClick={() => setShow(true)}>
        Propose a split
      </Button>
    )
  return (
    <form
      aria-label="Propose a split"
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!ok) return
        propose.mutateAsync({ id: d._id, releaseAmount: r, refundAmount: f }).then(
          () => {
            toast.success('Settlement proposed')
            setShow(false)
          },
          (err) => toastError(err, 'Could not propose the split. Please try again.'),
        )
      }}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.release}>Release to the freelancer (₹)</Label>
          <Input
            id={ids.release}
            inputMode="decimal"
            value={release}
            onChange={(e) => setRelease(e.target.value)}
            aria-describedby={ids.check}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.refund}>Refund to the client (₹)</Label>
          <Input
            id={ids.refund}
            inputMode="decimal"
            value={refund}
            onChange={(e) => setRefund(e.target.value)}
            aria-describedby={ids.check}
          />
        </div>
      </div>
      <p
        id={ids.check}
        aria-live="polite"
        className={ok ? 'text-sm text-emerald-700' : 'text-sm text-muted-foreground'}
      >
        {ok ? 'Adds up to' : 'The two must add up to'} {formatRupees(d.inEscrow)}, what is in escrow.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ok || propose.isPending}>
          {propose.isPending ? <Spinner /> : null} Propose
        </Button>
        <Button type="button" variant="outline" onClick={() => setShow(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
