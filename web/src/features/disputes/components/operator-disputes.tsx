import { useId, useState, type ReactNode } from 'react'
import { AlertTriangle, ArrowLeft, Gavel, Inbox, MessageSquare } from 'lucide-react'
import { toast } from 'sonner'
import type { DisputeQueueItemType } from '@common/schemas/dispute'
import { TIMELINE_KINDS, type TimelineKind } from '@common/schemas/contract'
import { rupees } from '@/lib/rupees'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useT, type MessageKey, type Translate } from '@/i18n'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import {
  useDisputeQueue,
  useOperatorDispute,
  useResolveDispute,
  type QueueStatus,
} from '../api/operator-disputes'
import { formatWhen, kindLabel } from '../lib/format'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DisputeStatus, Outcome, SplitFields, Statement, useSplit } from './shared'

const STATUSES: { value: QueueStatus; label: MessageKey }[] = [
  { value: 'open', label: 'contract.dispute.status.open' },
  { value: 'resolved', label: 'contract.dispute.status.resolved' },
  { value: 'settled', label: 'contract.dispute.status.settled' },
  { value: 'all', label: 'admin.disputes.all' },
]

const KINDS: Record<TimelineKind, MessageKey> = {
  funded: 'admin.disputes.kind.funded',
  submitted: 'admin.disputes.kind.submitted',
  changes_requested: 'admin.disputes.kind.changesRequested',
  released: 'admin.disputes.kind.released',
  auto_released: 'admin.disputes.kind.autoReleased',
  refunded: 'admin.disputes.kind.refunded',
  disputed: 'admin.disputes.kind.disputed',
  dispute_answered: 'admin.disputes.kind.disputeAnswered',
  settlement_proposed: 'admin.disputes.kind.settlementProposed',
  settlement_accepted: 'admin.disputes.kind.settlementAccepted',
  settlement_declined: 'admin.disputes.kind.settlementDeclined',
  resolved: 'admin.disputes.kind.resolved',
  reviewed: 'admin.disputes.kind.reviewed',
  reminder_sent: 'admin.disputes.kind.reminderSent',
}
/** A timeline entry's kind in words ("Disputed"); a kind this build does not know, as it is. */
const kindText = (t: Translate, kind: string) =>
  (TIMELINE_KINDS as readonly string[]).includes(kind) ? t(KINDS[kind as TimelineKind]) : kindLabel(kind)

/**
 * /admin/disputes (operators): the queue, open first and oldest first, and one dispute with both statements, the
 * parties' chat, the contract's timeline and the decide form. `selected` lives in the address (?id=).
 */
export function OperatorDisputes({
  selected,
  onSelect,
}: {
  selected: string | null
  onSelect: (id: string | null) => void
}) {
  const t = useT()
  const [status, setStatus] = useState<QueueStatus>('open')
  const queue = useDisputeQueue(status)
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className={cn('flex flex-col gap-3', selected && 'hidden lg:flex')}>
        <div role="group" aria-label={t('admin.disputes.show')} className="flex flex-wrap gap-1">
          {STATUSES.map((s) => (
            <Button
              key={s.value}
              size="sm"
              variant={status === s.value ? 'default' : 'outline'}
              aria-pressed={status === s.value}
              onClick={() => setStatus(s.value)}
            >
              {t(s.label)}
            </Button>
          ))}
        </div>
        {queue.isPending ? (
          <div aria-busy="true" aria-label={t('admin.disputes.loadingQueue')} className="flex flex-col gap-2">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : queue.isError ? (
          <EmptyState icon={AlertTriangle} title={t('admin.disputes.queueFailed')}>
            <p>{errorText(queue.error, t('admin.checkConnection'))}</p>
            <Button className="mt-3" variant="outline" onClick={() => void queue.refetch()}>
              {t('admin.tryAgain')}
            </Button>
          </EmptyState>
        ) : queue.data.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title={t(status === 'open' ? 'admin.disputes.noneOpen' : 'admin.disputes.noneHere')}
          >
            <p>{t(status === 'open' ? 'admin.disputes.nothingWaits' : 'admin.disputes.tryAnother')}</p>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('admin.disputes.title')}>
            {queue.data.map((d) => (
              <li key={d._id}>
                <QueueItem d={d} active={d._id === selected} onSelect={() => onSelect(d._id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={cn(!selected && 'hidden lg:block')}>
        {selected ? (
          <DisputeDetail id={selected} onBack={() => onSelect(null)} />
        ) : (
          <EmptyState icon={Gavel} title={t('admin.disputes.choose')}>
            <p>{t('admin.disputes.chooseHint')}</p>
          </EmptyState>
        )}
      </div>
    </div>
  )
}

function QueueItem({
  d,
  active,
  onSelect,
}: {
  d: DisputeQueueItemType
  active: boolean
  onSelect: () => void
}) {
  const t = useT()
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'w-full rounded-xl border bg-card p-3 text-left text-sm shadow-xs transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        active && 'border-primary ring-1 ring-primary',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="truncate font-medium text-slate-900">{d.jobTitle}</span>
        <DisputeStatus status={d.status} />
      </span>
      <span className="mt-1 block truncate text-muted-foreground">
        {d.client.fullname} ↔ {d.freelancer.fullname}
      </span>
      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>{t('admin.disputes.openedOn', { when: formatWhen(d.createdAt) })}</span>
        {d.status === 'open' ? (
          <span>
            {t('admin.disputes.held', {
              amount: rupees(d.inEscrow),
              ready: d.readyForOperator ? 'yes' : 'no',
            })}
          </span>
        ) : null}
      </span>
    </button>
  )
}

function DisputeDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT()
  const q = useOperatorDispute(id)
  const back = (
    <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden /> {t('admin.disputes.back')}
    </Button>
  )
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label={t('contract.dispute.loading')} className="flex flex-col gap-3">
        {back}
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  if (q.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <EmptyState icon={AlertTriangle} title={t('admin.disputes.detailFailed')}>
          <p>{errorText(q.error, t('admin.checkConnection'))}</p>
          <Button className="mt-3" variant="outline" onClick={() => void q.refetch()}>
            {t('admin.tryAgain')}
          </Button>
        </EmptyState>
      </div>
    )
  const { dispute: d, chat, timeline, escrow, audit } = q.data
  const answerer = d.openedBy === 'client' ? d.freelancer : d.client
  const opener = d.openedBy === 'client' ? d.client : d.freelancer
  return (
    <article className="flex flex-col gap-4" aria-labelledby="dispute-detail-title">
      {back}
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle id="dispute-detail-title">{d.jobTitle}</CardTitle>
          <DisputeStatus status={d.status} />
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label={t('admin.disputes.client')}>{d.client.fullname}</Figure>
            <Figure label={t('admin.disputes.freelancer')}>{d.freelancer.fullname}</Figure>
            <Figure label={t('admin.disputes.funded')}>{rupees(escrow.funded)}</Figure>
            <Figure label={t('admin.disputes.inEscrow')}>
              <span data-testid="operator-in-escrow">{rupees(escrow.inEscrow)}</span>
            </Figure>
          </dl>
          <Statement
            title={t('admin.disputes.openedIt', { name: opener.fullname, side: d.openedBy })}
            when={d.createdAt}
            files={d.attachments}
          >
            <p className="font-medium">{d.reason}</p>
            {d.evidence ? <p className="mt-1 text-muted-foreground">{d.evidence}</p> : null}
          </Statement>
          {d.answer !== null ? (
            <Statement
              title={t('admin.disputes.answered', { name: answerer.fullname })}
              when={d.answeredAt}
              files={d.answerAttachments}
            >
              {d.answer}
            </Statement>
          ) : (
            <p className="text-sm text-muted-foreground">
              {t('admin.disputes.notAnswered', {
                name: answerer.fullname,
                when: formatWhen(d.answerDueAt),
              })}
            </p>
          )}
          {d.proposals.length ? (
            <div className="text-sm">
              <p className="font-medium">{t('admin.disputes.proposals')}</p>
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {d.proposals.map((p) => (
                  <li key={p._id}>
                    {t('admin.disputes.proposal', {
                      side: p.proposedBy,
                      release: rupees(p.releaseAmount),
                      refund: rupees(p.refundAmount),
                      status: p.status,
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <Outcome d={d} />
        </CardContent>
      </Card>
      {d.status === 'open' ? <DecideForm id={d._id} inEscrow={escrow.inEscrow} /> : null}
      <Panel
        title={t('admin.disputes.chat', { count: chat.length })}
        icon={<MessageSquare className="size-4" aria-hidden />}
      >
        {chat.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.disputes.noChat')}</p>
        ) : (
          <ol
            className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1"
            aria-label={t('admin.disputes.messages')}
          >
            {chat.map((m) => (
              <li
                key={m._id}
                className={cn(
                  'rounded-lg border p-2 text-sm',
                  m.senderId === d.client._id ? 'bg-muted/40' : 'bg-indigo-50/50',
                )}
              >
                <p className="text-xs text-muted-foreground">
                  {m.senderName} · {formatWhen(m.createdAt)}
                  {m.aboutThisJob ? t('admin.disputes.aboutThisJob') : ''}
                </p>
                <p className="whitespace-pre-wrap break-words">{m.content}</p>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-2 text-xs text-muted-foreground">{t('admin.disputes.readOnly')}</p>
      </Panel>
      <Panel title={t('contract.timeline.title')}>
        <ol className="flex flex-col gap-1 text-sm" aria-label={t('admin.disputes.timeline')}>
          {timeline.map((e) => (
            <li key={e._id} className="flex flex-wrap justify-between gap-2 border-b py-1 last:border-0">
              <span>{kindText(t, e.kind)}</span>
              <span className="text-xs text-muted-foreground">{formatWhen(e.createdAt)}</span>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title={t('admin.disputes.audit')}>
        <ol
          className="flex flex-col gap-1 text-xs text-muted-foreground"
          aria-label={t('admin.disputes.auditActions')}
        >
          {audit.map((a) => (
            <li key={a._id}>
              {t('admin.disputes.auditEntry', {
                when: formatWhen(a.createdAt),
                name: a.actorName,
                action: a.action,
              })}
              {typeof a.detail.note === 'string' ? ` (“${a.detail.note}”)` : ''}
            </li>
          ))}
        </ol>
      </Panel>
    </article>
  )
}

function DecideForm({ id, inEscrow }: { id: string; inEscrow: number }) {
  const t = useT()
  const split = useSplit(inEscrow)
  const [note, setNote] = useState('')
  const [confirm, setConfirm] = useState(false)
  const resolve = useResolveDispute()
  const noteId = useId()
  const { r, f } = split
  const ready = split.adds && note.trim().length > 0
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.disputes.decide')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label={t('admin.disputes.decideSplit')}
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (ready) setConfirm(true)
          }}
        >
          <SplitFields split={split} inEscrow={inEscrow} showSum />
          <div className="flex flex-col gap-1">
            <Label htmlFor={noteId}>{t('admin.disputes.reason')}</Label>
            <Textarea
              id={noteId}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={2000}
              required
            />
          </div>
          <Button type="submit" className="self-start" disabled={!ready || resolve.isPending}>
            {t('admin.disputes.resolve')}
          </Button>
        </form>
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          title={t('admin.disputes.resolveTitle')}
          description={t('admin.disputes.resolveDescription', {
            release: rupees(r || 0),
            refund: rupees(f || 0),
          })}
          confirmLabel={t('admin.disputes.resolveConfirm')}
          pending={resolve.isPending}
          onConfirm={() =>
            resolve.mutateAsync({ id, releaseAmount: r, refundAmount: f, note: note.trim() }).then(
              (res) => {
                setConfirm(false)
                toast.success(res.message)
              },
              (err) => {
                setConfirm(false)
                toastError(err, t('admin.disputes.resolveFailed'))
              },
            )
          }
        />
      </CardContent>
    </Card>
  )
}

function Panel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  )
}
