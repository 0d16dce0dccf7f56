import { BellOff, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { formatDateTime } from '@/i18n/format'
import { toastError } from '@/lib/toast-error'
import {
  useAlerts,
  useApplicantAlerts,
  useChangeAlertFrequency,
  useDeleteAlert,
  type AlertFrequency,
  type ApplicantFrequency,
} from '../api/alerts'
import { APPLICANT_LABELS, FREQUENCY_LABELS, selectClass } from './frequency'

/** The caller's saved searches (frequency, delete) and, for clients, mail about new applicants. */
export function AlertSettings({ isClient }: { isClient: boolean }) {
  const alerts = useAlerts()
  const change = useChangeAlertFrequency()
  const remove = useDeleteAlert()
  const applicants = useApplicantAlerts()
  const t = useT()

  if (alerts.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('account.alerts.loading')}>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  if (alerts.isError)
    return (
      <LoadError
        error={alerts.error}
        fallback={t('account.alerts.loadFailed')}
        onRetry={() => alerts.refetch()}
      />
    )
  const { alerts: list, max } = alerts.data
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="saved-searches" className="flex flex-col gap-3">
        <h2 id="saved-searches" className="text-lg font-semibold text-slate-900">
          {t('account.alerts.saved')}{' '}
          <span className="text-sm font-normal text-muted-foreground">
            {t('account.alerts.countOfMax', { count: list.length, max })}
          </span>
        </h2>
        {list.length === 0 ? (
          <EmptyState icon={BellOff} title={t('account.alerts.empty')}>
            <p>{t('account.alerts.emptyBody')}</p>
            <Button asChild variant="outline" className="mt-2">
              <Link to={paths.explore.href()}>{t('account.alerts.findJobs')}</Link>
            </Button>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-2">
            {list.map((a) => (
              <li
                key={a._id}
                className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{a.label}</p>
                  <p className="text-xs text-muted-foreground">
                    {a.lastSentAt
                      ? t('account.alerts.lastAlert', { time: formatDateTime(a.lastSentAt) })
                      : t('account.alerts.noneSent')}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`freq-${a._id}`}>
                    {t('account.alerts.howOftenFor', { label: a.label })}
                  </label>
                  <select
                    id={`freq-${a._id}`}
                    className={selectClass}
                    value={a.frequency}
                    disabled={change.isPending}
                    onChange={(e) =>
                      change.mutate(
                        { id: a._id, frequency: e.target.value as AlertFrequency },
                        { onError: (err) => toastError(err, t('account.alerts.changeFailed')) },
                      )
                    }
                  >
                    {(Object.keys(FREQUENCY_LABELS) as AlertFrequency[]).map((f) => (
                      <option key={f} value={f}>
                        {t(FREQUENCY_LABELS[f])}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={t('account.alerts.delete', { label: a.label })}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(a._id, {
                        onError: (err) => toastError(err, t('account.alerts.deleteFailed')),
                      })
                    }
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {isClient ? (
        <section
          aria-labelledby="applicant-alerts"
          className="flex flex-col gap-2 rounded-xl border bg-card p-4"
        >
          <h2 id="applicant-alerts" className="text-lg font-semibold text-slate-900">
            {t('account.alerts.applicants')}
          </h2>
          <label
            className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:gap-3"
            htmlFor="applicant-freq"
          >
            {t('account.alerts.applicantsLabel')}
            <select
              id="applicant-freq"
              className={selectClass}
              value={alerts.data.applicants.frequency}
              disabled={applicants.isPending}
              onChange={(e) =>
                applicants.mutate(e.target.value as ApplicantFrequency, {
                  onError: (err) => toastError(err, t('account.alerts.saveChoiceFailed')),
                })
              }
            >
              {(Object.keys(APPLICANT_LABELS) as ApplicantFrequency[]).map((f) => (
                <option key={f} value={f}>
                  {t(APPLICANT_LABELS[f])}
                </option>
              ))}
            </select>
          </label>
        </section>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('account.alerts.quietHours')}</p>
    </div>
  )
}
