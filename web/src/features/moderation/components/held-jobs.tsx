import { useId, useState } from 'react'
import { AlertTriangle, ShieldCheck } from 'lucide-react'
import { toast } from 'sonner'
import { MODERATION_NOTE_MAX, type HeldJobItem } from '@common/schemas/report'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useDecideHeldJob, useHeldJobs } from '../api/held-jobs'
import { whenText } from './when'

/** Job posts held because they ask applicants to pay: approve (it goes live) or reject with a reason. */
export function HeldJobs() {
  const t = useT()
  const held = useHeldJobs()
  if (held.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('admin.held.loading')}>
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    )
  if (held.isError)
    return (
      <EmptyState icon={AlertTriangle} title={t('admin.held.loadFailed')}>
        <p>{errorText(held.error, t('admin.checkConnection'))}</p>
        <Button className="mt-3" variant="outline" onClick={() => void held.refetch()}>
          {t('admin.tryAgain')}
        </Button>
      </EmptyState>
    )
  if (held.data.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title={t('admin.held.none')}>
        <p>{t('admin.held.noneHint')}</p>
      </EmptyState>
    )
  return (
    <ul className="flex flex-col gap-3" aria-label={t('admin.held.title')}>
      {held.data.map((j) => (
        <HeldJobCard key={j._id} job={j} />
      ))}
    </ul>
  )
}

function HeldJobCard({ job }: { job: HeldJobItem }) {
  const t = useT()
  const decide = useDecideHeldJob()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const done = { onSuccess: (a: { message: string }) => toast.success(a.message) }
  const reject = (e: React.FormEvent) => {
    e.preventDefault()
    if (!reason.trim()) return setError(t('admin.held.reasonRequired'))
    setError(null)
    decide.mutate(
      { id: job._id, approve: false, reason: reason.trim() },
      { ...done, onError: (err) => setError(errorText(err, t('admin.held.rejectFailed'))) },
    )
  }
  return (
    <li
      className="rounded-2xl border bg-card p-4 shadow-xs"
      data-testid="held-job"
      aria-labelledby={`${id}-t`}
    >
      <h3 id={`${id}-t`} className="font-semibold break-words">
        {job.title}
      </h3>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {t('admin.held.postedBy', { name: job.poster.fullname })} ·{' '}
        <time dateTime={job.updatedAt}>{whenText(job.updatedAt)}</time>
      </p>
      {job.reason ? (
        <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('admin.held.heldFor', { reason: job.reason })}
        </p>
      ) : null}
      <p className="mt-2 line-clamp-6 text-sm break-words whitespace-pre-wrap text-slate-700">
        {job.description}
      </p>
      {rejecting ? (
        <form onSubmit={reject} className="mt-3 flex flex-col gap-2 border-t pt-3" noValidate>
          <Label htmlFor={`${id}-reason`}>{t('admin.held.reason')}</Label>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            value={reason}
            maxLength={MODERATION_NOTE_MAX}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-err` : undefined}
            autoFocus
          />
          {error ? (
            <p id={`${id}-err`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" size="sm" onClick={() => setRejecting(false)}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" variant="destructive" size="sm" disabled={decide.isPending}>
              {t('admin.held.reject')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-col gap-2 border-t pt-3 sm:flex-row sm:justify-end">
          <Button variant="outline" size="sm" onClick={() => setRejecting(true)}>
            {t('admin.held.rejectOpen')}
          </Button>
          <Button
            size="sm"
            disabled={decide.isPending}
            onClick={() =>
              decide.mutate(
                { id: job._id, approve: true },
                { ...done, onError: (e) => toastError(e, t('admin.held.approveFailed')) },
              )
            }
          >
            {t('admin.held.approve')}
          </Button>
        </div>
      )}
    </li>
  )
}
