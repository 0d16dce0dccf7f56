import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import {
  Banknote,
  Bell,
  CircleCheck,
  Clock,
  FileUp,
  Gavel,
  MessageSquareWarning,
  Star,
  Undo2,
  type LucideIcon,
} from 'lucide-react'
import type { ContractDtoType, TimelineEventDtoType, TimelineKind } from '@common/schemas/contract'
import { LoadError } from '@/components/load-error'
import { StatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useUser } from '@/lib/auth'
import { useT } from '@/i18n'
import { formatDateTime } from '@/i18n/format'
import { httpStatus } from '@/lib/errors'
import { useDeliveryContract } from '../api/delivery'
import { attachmentsOf, detailOf, sentenceOf } from '../lib/timeline'
import { RequestChangesDialog, SubmitWorkDialog } from './delivery-dialogs'

const ICONS: Record<TimelineKind, LucideIcon> = {
  funded: Banknote,
  submitted: FileUp,
  changes_requested: MessageSquareWarning,
  released: CircleCheck,
  auto_released: CircleCheck,
  refunded: Undo2,
  disputed: Gavel,
  dispute_answered: Gavel,
  settlement_proposed: Gavel,
  settlement_accepted: Gavel,
  settlement_declined: Gavel,
  resolved: Gavel,
  reviewed: Star,
  reminder_sent: Bell,
}

/** Everything that happened on the contract, oldest first, each with its time in the reader's locale. */
function Timeline({ events }: { events: TimelineEventDtoType[] }) {
  const t = useT()
  return (
    <section aria-labelledby="timeline-h" className="rounded-xl border bg-white p-4">
      <h2 id="timeline-h" className="mb-3 text-sm font-semibold text-slate-900">
        {t('contract.timeline.title')}
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('contract.timeline.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3" data-testid="contract-timeline">
          {events.map((e, i) => {
            const Icon = ICONS[e.kind] ?? Clock
            const detail = detailOf(e)
            const files = attachmentsOf(e)
            return (
              <li key={`${e.at}-${i}`} className="flex gap-3" data-kind={e.kind}>
                <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm text-slate-800">{sentenceOf(e)}</p>
                  {detail ? (
                    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-600">“{detail}”</p>
                  ) : null}
                  {files.length ? (
                    <ul className="mt-1 flex flex-wrap gap-2 text-xs">
                      {files.map((f, n) => (
                        <li key={f}>
                          <a href={f} target="_blank" rel="noreferrer" className="text-primary underline">
                            {t('contract.delivery.file', { n: n + 1 })}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <time dateTime={e.at} className="text-xs text-muted-foreground">
                    {formatDateTime(e.at)}
                  </time>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** "Auto-release on <date> (2 units)", the date a <time> inside the sentence of the reader's language. */
function AutoRelease({ dueAt, units }: { dueAt: string; units: number | null }) {
  const t = useT()
  const [before, after = ''] = t('contract.delivery.autoRelease', { when: '\u0000' }).split('\u0000')
  return (
    <span>
      {before}
      <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
      {after}
      {units !== null ? t('contract.timeline.units', { units }) : ''}
    </span>
  )
}

type Dialog = 'submit' | 'changes' | null

/**
 * The contract page's delivery section (ADR 055, 057): who and what, its escrow with the client's money actions,
 * the review window with Submit work / Request changes, and the timeline.
 */
export function ContractDelivery({
  contractId,
  escrow,
}: {
  contractId: string
  /** The escrow figures and the client's money actions (the payments feature's, composed by the page). */
  escrow?: (contract: ContractDtoType, viewerId: string) => ReactNode
}) {
  const t = useT()
  const user = useUser()
  const q = useDeliveryContract(contractId)
  const [dialog, setDialog] = useState<Dialog>(null)
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label={t('contract.delivery.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    )
  if (q.isError) {
    const s = httpStatus(q.error)
    return (
      <>
        <title>{t('contract.title.page')}</title>
        {s === 404 || s === 403 ? (
          <div className="rounded-xl border bg-white p-6 text-sm">
            <h1 className="mb-2 text-lg font-semibold">
              {s === 404 ? t('contract.delivery.notFound') : t('contract.delivery.notYours')}
            </h1>
            <Link to={paths.home.href()} className="text-primary underline">
              {t('contract.delivery.backToJobs')}
            </Link>
          </div>
        ) : (
          <LoadError
            error={q.error}
            fallback={t('contract.delivery.loadFailed')}
            onRetry={() => void q.refetch()}
          />
        )}
      </>
    )
  }
  const c = q.data
  const isClient = !!user && c.client?._id === user._id
  const isFreelancer = !!user && c.freelancer?._id === user._id
  const other = isClient ? c.freelancer : isFreelancer ? c.client : null
  const active = c.status === 'active'
  const heldUnits = c.escrow.fundedUnits - c.escrow.releasedUnits
  const perUnits = c.terms.paymentType !== 'one-time'
  const d = c.delivery ?? { submissions: 0, changesRequested: 0, units: null }
  const dueAt = c.reviewDueAt ?? null
  const canSubmit = isFreelancer && active
  const canAskChanges = isClient && !!dueAt

  return (
    <div className="flex flex-col gap-4">
      <title>{t('contract.title.job', { job: c.jobTitle })}</title>
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold break-words text-slate-900">
            <Link to={paths.jobDescription.href(c.jobId)} className="hover:underline">
              {c.jobTitle}
            </Link>
          </h1>
          <p className="text-sm text-muted-foreground">
            {other
              ? t(isClient ? 'contract.delivery.freelancerIs' : 'contract.delivery.clientIs', {
                  name: other.fullname,
                })
              : t('contract.delivery.hired', {
                  client: c.client?.fullname ?? t('contract.delivery.aClient'),
                  freelancer: c.freelancer?.fullname ?? t('contract.delivery.aFreelancer'),
                })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={active ? 'active' : 'closed'} />
        </div>
      </header>

      {user && escrow ? escrow(c, user._id) : null}

      <section aria-labelledby="delivery-h" className="flex flex-col gap-3 rounded-xl border bg-white p-4">
        <h2 id="delivery-h" className="text-sm font-semibold text-slate-900">
          {t('contract.delivery.title')}
        </h2>
        {dueAt ? (
          <p className="flex items-center gap-2 text-sm text-slate-800" data-testid="review-window">
            <Clock className="size-4 text-amber-600" aria-hidden />
            <AutoRelease dueAt={dueAt} units={d.units} />
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            {d.submissions === 0
              ? t('contract.delivery.noWorkYet')
              : c.escrow.inEscrow > 0
                ? t('contract.delivery.nothingToReview')
                : t('contract.delivery.nothingHeld')}
          </p>
        )}
        <p className="text-xs text-muted-foreground" data-testid="delivery-counts">
          {t('contract.delivery.counts', { submissions: d.submissions, changes: d.changesRequested })}
        </p>
        {canSubmit || canAskChanges ? (
          <div className="flex flex-wrap gap-2">
            {canSubmit ? (
              <Button size="sm" onClick={() => setDialog('submit')}>
                <FileUp aria-hidden /> {t('contract.submit.title')}
              </Button>
            ) : null}
            {canAskChanges ? (
              <Button size="sm" variant="outline" onClick={() => setDialog('changes')}>
                <MessageSquareWarning aria-hidden /> {t('contract.changes.title')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      <Timeline events={c.timeline ?? []} />

      {isFreelancer ? (
        <SubmitWorkDialog
          contractId={c._id}
          open={dialog === 'submit'}
          onClose={() => setDialog(null)}
          heldUnits={perUnits && c.escrow.inEscrow > 0 ? Math.max(1, heldUnits) : null}
          unitsLabel={t(
            c.terms.paymentType === 'recurring' ? 'contract.submit.cycles' : 'contract.submit.units',
          )}
        />
      ) : null}
      {isClient ? (
        <RequestChangesDialog
          contractId={c._id}
          open={dialog === 'changes'}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  )
}
