import { useId, useState } from 'react'
import { Link } from 'react-router'
import { AlertTriangle, Flag } from 'lucide-react'
import { toast } from 'sonner'
import {
  MODERATION_NOTE_MAX,
  REPORT_STATUSES,
  type ReportItem,
  type ReportReason,
  type ReportStatus,
} from '@common/schemas/report'
import { EmptyState } from '@/components/empty-state'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useT, type MessageKey } from '@/i18n'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useReports, useResolveReport } from '../api/reports'
import { whenText } from './when'

const STATUS_LABEL: Record<ReportStatus, MessageKey> = {
  open: 'admin.reports.status.open',
  dismissed: 'admin.reports.status.dismissed',
  handled: 'admin.reports.status.handled',
}
const TARGET_LABEL: Record<ReportItem['targetType'], MessageKey> = {
  post: 'admin.reports.target.post',
  job: 'admin.reports.target.job',
  message: 'admin.reports.target.message',
  profile: 'admin.reports.target.profile',
}
const REASON_LABEL: Record<ReportReason, MessageKey> = {
  scam: 'admin.reports.reason.scam',
  asks_payment: 'admin.reports.reason.asksPayment',
  spam: 'admin.reports.reason.spam',
  abusive: 'admin.reports.reason.abusive',
  fake: 'admin.reports.reason.fake',
  other: 'admin.reports.reason.other',
}

/** The reports queue: open ones first (the default view), dismissed and handled ones a click away. */
export function ReportsQueue() {
  const t = useT()
  const [status, setStatus] = useState<ReportStatus>('open')
  const reports = useReports(status)
  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label={t('admin.reports.show')} className="flex flex-wrap gap-1.5">
        {REPORT_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'default' : 'outline'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {t(STATUS_LABEL[s])}
          </Button>
        ))}
      </div>
      {reports.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('admin.reports.loading')}>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : reports.isError ? (
        <EmptyState icon={AlertTriangle} title={t('admin.reports.loadFailed')}>
          <p>{errorText(reports.error, t('admin.checkConnection'))}</p>
          <Button className="mt-3" variant="outline" onClick={() => void reports.refetch()}>
            {t('admin.tryAgain')}
          </Button>
        </EmptyState>
      ) : reports.data.length === 0 ? (
        <EmptyState icon={Flag} title={t('admin.reports.none', { status })}>
          <p>{status === 'open' ? t('admin.reports.noneHint') : null}</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin.reports.list', { status })}>
          {reports.data.map((r) => (
            <ReportCard key={r._id} report={r} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ReportCard({ report: r }: { report: ReportItem }) {
  const t = useT()
  const [note, setNote] = useState('')
  const resolve = useResolveReport()
  const id = useId()
  const act = (action: 'dismiss' | 'handled') =>
    resolve.mutate(
      { id: r._id, action, note: note.trim() || undefined },
      {
        onSuccess: (a) => toast.success(a.message),
        onError: (e) => toastError(e, t('admin.reports.updateFailed')),
      },
    )
  const target = r.targetLabel ?? t('admin.reports.gone', { target: r.targetType })
  return (
    <li
      className="rounded-2xl border bg-card p-4 shadow-xs"
      data-testid="report-card"
      aria-labelledby={`${id}-t`}
    >
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        <Badge variant="outline">{t(TARGET_LABEL[r.targetType])}</Badge>
        <Badge className="border-amber-200 bg-amber-50 text-amber-800">{t(REASON_LABEL[r.reason])}</Badge>
        <span className="text-muted-foreground">
          <time dateTime={r.createdAt}>{whenText(r.createdAt)}</time>
        </span>
      </div>
      <p id={`${id}-t`} className="mt-2 text-sm font-medium break-words">
        {r.targetPath ? (
          <Link to={r.targetPath} className="text-primary hover:underline">
            {target}
          </Link>
        ) : (
          <span className={cn(!r.targetLabel && 'text-muted-foreground')}>{target}</span>
        )}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="inline text-muted-foreground">{t('admin.reports.reported')} </dt>
          <dd className="inline">{r.targetOwner?.fullname ?? t('admin.reports.unknown')}</dd>
        </div>
        <div className="min-w-0">
          <dt className="inline text-muted-foreground">{t('admin.reports.by')} </dt>
          <dd className="inline">{r.reporter.fullname}</dd>
        </div>
      </dl>
      {r.details ? (
        <p className="mt-2 rounded-lg bg-muted/60 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {r.details}
        </p>
      ) : null}
      {r.status === 'open' ? (
        <div className="mt-3 flex flex-col gap-2 border-t pt-3">
          <Label htmlFor={`${id}-note`} className="text-xs">
            {t('admin.reports.note')}
          </Label>
          <Textarea
            id={`${id}-note`}
            rows={2}
            value={note}
            maxLength={MODERATION_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('admin.reports.notePlaceholder')}
          />
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" size="sm" disabled={resolve.isPending} onClick={() => act('dismiss')}>
              {t('admin.reports.dismiss')}
            </Button>
            <Button size="sm" disabled={resolve.isPending} onClick={() => act('handled')}>
              {t('admin.reports.markHandled')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-3 border-t pt-3 text-sm text-muted-foreground">
          {t(STATUS_LABEL[r.status])}
          {r.resolvedAt ? ` ${whenText(r.resolvedAt)}` : ''}
          {r.resolutionNote ? `: ${r.resolutionNote}` : ''}
        </p>
      )}
    </li>
  )
}
