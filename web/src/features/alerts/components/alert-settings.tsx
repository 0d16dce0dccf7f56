import { BellOff, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
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

  if (alerts.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your alerts">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    )
  if (alerts.isError)
    return (
      <LoadError
        error={alerts.error}
        fallback="Could not load your alerts."
        onRetry={() => alerts.refetch()}
      />
    )
  const { alerts: list, max } = alerts.data
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="saved-searches" className="flex flex-col gap-3">
        <h2 id="saved-searches" className="text-lg font-semibold text-slate-900">
          Saved searches{' '}
          <span className="text-sm font-normal text-muted-foreground">
            ({list.length} of {max})
          </span>
        </h2>
        {list.length === 0 ? (
          <EmptyState icon={BellOff} title="No saved searches yet">
            <p>
              Search for jobs, then choose “Save this search” to get new matches by email and in your
              notifications.
            </p>
            <Button asChild variant="outline" className="mt-2">
              <Link to={paths.explore.href()}>Find jobs</Link>
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
                      ? `Last alert ${new Date(a.lastSentAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}`
                      : 'No alert sent yet'}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`freq-${a._id}`}>
                    How often for {a.label}
                  </label>
                  <select
                    id={`freq-${a._id}`}
                    className={selectClass}
                    value={a.frequency}
                    disabled={change.isPending}
                    onChange={(e) =>
                      change.mutate(
                        { id: a._id, frequency: e.target.value as AlertFrequency },
                        { onError: (err) => toastError(err, 'Could not change this alert.') },
                      )
                    }
                  >
                    {(Object.keys(FREQUENCY_LABELS) as AlertFrequency[]).map((f) => (
                      <option key={f} value={f}>
                        {FREQUENCY_LABELS[f]}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Delete alert ${a.label}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(a._id, {
                        onError: (err) => toastError(err, 'Could not delete this alert.'),
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
            New applicants
          </h2>
          <label
            className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:gap-3"
            htmlFor="applicant-freq"
          >
            Email me when someone applies to my jobs
            <select
              id="applicant-freq"
              className={selectClass}
              value={alerts.data.applicants.frequency}
              disabled={applicants.isPending}
              onChange={(e) =>
                applicants.mutate(e.target.value as ApplicantFrequency, {
                  onError: (err) => toastError(err, 'Could not save this choice.'),
                })
              }
            >
              {(Object.keys(APPLICANT_LABELS) as ApplicantFrequency[]).map((f) => (
                <option key={f} value={f}>
                  {APPLICANT_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        </section>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Alerts are not sent between 10 pm and 7 am India time; those wait until the morning. At most a few
        alert emails a day; more wait for the next day.
      </p>
    </div>
  )
}
