import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Briefcase, ExternalLink } from 'lucide-react'
import { formatRupees } from '@common/money'
import { StatusBadge } from '@/components/status-badge'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import type { ChatJobDto } from '../api/get-shared-jobs'

/** What the app passes to show a job's payment actions inside the chat's side panel (composed in app/routes). */
export type RenderJobActions = (job: ChatJobDto) => ReactNode

/**
 * product.md §9: the jobs shared with this person, newest first, one selected (the first unless chosen). The selected
 * job shows its facts, a link to it, and the payment actions slot.
 */
export function JobsPanel({
  jobs,
  selectedId,
  onSelect,
  renderJobActions,
}: {
  jobs: ChatJobDto[]
  selectedId: string | null
  onSelect: (id: string) => void
  renderJobActions?: RenderJobActions
}) {
  const t = useT()
  const selected = jobs.find((j) => j._id === selectedId) ?? null
  return (
    <aside
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto bg-white p-4"
      aria-label={t('chat.jobs.title')}
    >
      <h2 className="text-sm font-semibold text-slate-900">{t('chat.jobs.title')}</h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('chat.jobs.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5" role="listbox" aria-label={t('chat.jobs.label')}>
          {jobs.map((j) => (
            <li key={j._id}>
              <button
                type="button"
                role="option"
                aria-selected={j._id === selectedId}
                onClick={() => onSelect(j._id)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  j._id === selectedId
                    ? 'border-primary/40 bg-accent text-accent-foreground'
                    : 'hover:bg-slate-50',
                )}
              >
                <Briefcase className="size-4 shrink-0 text-slate-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{j.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected ? (
        <section
          className="mt-1 flex flex-col gap-3 rounded-xl border p-3"
          aria-label={t('chat.jobs.selected')}
        >
          <div className="flex items-start justify-between gap-2">
            <h3 className="text-sm font-semibold text-slate-900">{selected.title}</h3>
            <Link
              to={paths.jobDescription.href(selected._id)}
              className="shrink-0 rounded p-0.5 text-primary outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={t('chat.jobs.open', { title: selected.title })}
            >
              <ExternalLink className="size-4" aria-hidden />
            </Link>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-xs">
            <dt className="text-muted-foreground">{t('chat.jobs.status')}</dt>
            <dd>
              <StatusBadge status={selected.status} />
            </dd>
            <dt className="text-muted-foreground">{t('chat.jobs.amount')}</dt>
            <dd className="font-medium text-slate-900">{formatRupees(selected.total)}</dd>
            {/* The payment actions show the fund status themselves. */}
            {renderJobActions ? null : (
              <>
                <dt className="text-muted-foreground">{t('chat.jobs.payment')}</dt>
                <dd>
                  <StatusBadge status={selected.fundStatus} />
                </dd>
              </>
            )}
          </dl>
          {/* Payment actions for the selected job (escrow feature), composed in by app/routes. */}
          <div data-slot="job-payment-actions">{renderJobActions?.(selected)}</div>
        </section>
      ) : null}
    </aside>
  )
}
