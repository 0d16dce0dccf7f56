import { useId, useState, type ReactNode } from 'react'
import { AlertTriangle, ArrowLeft, Gavel, Inbox, MessageSquare } from 'lucide-react'
import { toast } from 'sonner'
import type { DisputeQueueItemType } from '@common/schemas/dispute'
import { formatRupees } from '@common/money'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import {
  useDisputeQueue,
  useOperatorDispute,
  useResolveDispute,
  type QueueStatus,
} from '../api/operator-disputes'
import { addsUpTo, formatWhen, kindLabel, parseRupees } from '../lib/format'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DisputeStatus, Outcome, Statement } from './shared'

const STATUSES: { value: QueueStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'settled', label: 'Settled' },
  { value: 'all', label: 'All' },
]

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
  const [status, setStatus] = useState<QueueStatus>('open')
  const queue = useDisputeQueue(status)
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className={cn('flex flex-col gap-3', selected && 'hidden lg:flex')}>
        <div role="group" aria-label="Show disputes" className="flex flex-wrap gap-1">
          {STATUSES.map((s) => (
            <Button
              key={s.value}
              size="sm"
              variant={status === s.value ? 'default' : 'outline'}
              aria-pressed={status === s.value}
              onClick={() => setStatus(s.value)}
            >
              {s.label}
            </Button>
          ))}
        </div>
        {queue.isPending ? (
          <div aria-busy="true" aria-label="Loading the queue" className="flex flex-col gap-2">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : queue.isError ? (
          <EmptyState icon={AlertTriangle} title="Could not load the disputes">
            <p>{errorText(queue.error, 'Please check your connection and try again.')}</p>
            <Button className="mt-3" variant="outline" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : queue.data.length === 0 ? (
          <EmptyState icon={Inbox} title={status === 'open' ? 'No open disputes' : 'No disputes here'}>
            <p>{status === 'open' ? 'Nothing waits for a decision.' : 'Try another filter.'}</p>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Disputes">
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
          <EmptyState icon={Gavel} title="Choose a dispute">
            <p>Pick one from the queue to read both sides and decide.</p>
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
        <span>Opened {formatWhen(d.createdAt)}</span>
        {d.status === 'open' ? (
          <span>
            {formatRupees(d.inEscrow)} held ·{' '}
            {d.readyForOperator ? 'ready to decide' : 'waiting for an answer'}
          </span>
        ) : null}
      </span>
    </button>
  )
}

function DisputeDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const q = useOperatorDispute(id)
  const back = (
    <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden /> Back to the queue
    </Button>
  )
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label="Loading the dispute" className="flex flex-col gap-3">
        {back}
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  if (q.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <EmptyState icon={AlertTriangle} title="Could not load this dispute">
          <p>{errorText(q.error, 'Please check your connection and try again.')}</p>
          <Button className="mt-3" variant="outline" onClick={() => void q.refetch()}>
            Try again
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
            <Figure label="Client">{d.client.fullname}</Figure>
            <Figure label="Freelancer">{d.freelancer.fullname}</Figure>
            <Figure label="Funded">{formatRupees(escrow.funded)}</Figure>
            <Figure label="In escrow">
              <span data-testid="operator-in-escrow">{formatRupees(escrow.inEscrow)}</span>
            </Figure>
          </dl>
          <Statement
            title={`${opener.fullname} (${d.openedBy}) opened it`}
            when={d.createdAt}
            files={d.attachments}
          >
            <p className="font-medium">{d.reason}</p>
            {d.evidence ? <p className="mt-1 text-muted-foreground">{d.evidence}</p> : null}
          </Statement>
          {d.answer !== null ? (
            <Statement
              title={`${answerer.fullname} answered`}
              when={d.answeredAt}
              files={d.answerAttachments}
            >
              {d.answer}
            </Statement>
          ) : (
            <p className="text-sm text-muted-foreground">
              {answerer.fullname} has not answered; the answer is due {formatWhen(d.answerDueAt)}.
            </p>
          )}
          {d.proposals.length ? (
            <div className="text-sm">
              <p className="font-medium">Settlement proposals</p>
              <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                {d.proposals.map((p) => (
                  <li key={p._id}>
                    The {p.proposedBy}: {formatRupees(p.releaseAmount)} to the freelancer,{' '}
                    {formatRupees(p.refundAmount)} to the client — {p.status}
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
        title={`Chat between them (${chat.length})`}
        icon={<MessageSquare className="size-4" aria-hidden />}
      >
        {chat.length === 0 ? (
          <p className="text-sm text-muted-foreground">They have not written to each other.</p>
        ) : (
          <ol
            className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1"
            aria-label="Messages, oldest first"
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
                  {m.aboutThisJob ? ' · about this job' : ''}
                </p>
                <p className="whitespace-pre-wrap break-words">{m.content}</p>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-2 text-xs text-muted-foreground">
          Read-only. Each time an operator opens it, the audit log records it.
        </p>
      </Panel>
      <Panel title="Timeline">
        <ol className="flex flex-col gap-1 text-sm" aria-label="Contract timeline">
          {timeline.map((e) => (
            <li key={e._id} className="flex flex-wrap justify-between gap-2 border-b py-1 last:border-0">
              <span>{kindLabel(e.kind)}</span>
              <span className="text-xs text-muted-foreground">{formatWhen(e.createdAt)}</span>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title="Audit log">
        <ol className="flex flex-col gap-1 text-xs text-muted-foreground" aria-label="Operator actions">
          {audit.map((a) => (
            <li key={a._id}>
              {formatWhen(a.createdAt)} — {a.actorName}:{' '}
              {a.action === 'viewed_chat' ? 'read the chat' : a.action}
              {typeof a.detail.note === 'string' ? ` (“${a.detail.note}”)` : ''}
            </li>
          ))}
        </ol>
      </Panel>
    </article>
  )
}

function DecideForm({ id, inEscrow }: { id: string; inEscrow: number }) {
  const [release, setRelease] = useState('')
  const [refund, setRefund] = useState('')
  const [note, setNote] = useState('')
  const [confirm, setConfirm] = useState(false)
  const resolve = useResolveDispute()
  const ids = { release: useId(), refund: useId(), note: useId(), check: useId() }
  const r = parseRupees(release)
  const f = parseRupees(refund)
  const adds = !Number.isNaN(r) && !Number.isNaN(f) && addsUpTo(r, f, inEscrow)
  const ready = adds && note.trim().length > 0
  return (
    <Card>
      <CardHeader>
        <CardTitle>Decide</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Decide the split"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (ready) setConfirm(true)
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
            className={cn('text-sm', adds ? 'text-emerald-700' : 'text-muted-foreground')}
          >
            {adds ? 'Adds up to' : 'The two must add up to'} {formatRupees(inEscrow)}, what is in escrow
            {!adds && !Number.isNaN(r) && !Number.isNaN(f) ? ` (now ${formatRupees(r + f)})` : ''}.
          </p>
          <div className="flex flex-col gap-1">
            <Label htmlFor={ids.note}>Reason (both sides are told)</Label>
            <Textarea
              id={ids.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={2000}
              required
            />
          </div>
          <Button type="submit" className="self-start" disabled={!ready || resolve.isPending}>
            Resolve dispute
          </Button>
        </form>
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          title="Resolve this dispute?"
          description={`${formatRupees(r || 0)} is released to the freelancer and ${formatRupees(f || 0)} refunded to the client now. Both sides are told, with your reason. This cannot be undone.`}
          confirmLabel="Resolve and move the money"
          pending={resolve.isPending}
          onConfirm={() =>
            resolve.mutateAsync({ id, releaseAmount: r, refundAmount: f, note: note.trim() }).then(
              (res) => {
                setConfirm(false)
                toast.success(res.message)
              },
              (err) => {
                setConfirm(false)
                toastError(err, 'Could not resolve the dispute. Please try again.')
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
