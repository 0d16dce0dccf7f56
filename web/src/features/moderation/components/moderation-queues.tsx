import { useState } from 'react'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { HeldJobs } from './held-jobs'
import { ReportsQueue } from './reports-queue'

const TABS = [
  { key: 'reports', label: 'admin.reports.title' },
  { key: 'held', label: 'admin.held.title' },
] as const

/** /admin/reports: the reports queue and the held jobs, as two tabs. */
export function ModerationQueues() {
  const t = useT()
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('reports')
  const move = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return
    const next = tab === 'reports' ? 'held' : 'reports'
    setTab(next)
    document.getElementById(`moderation-tab-${next}`)?.focus()
  }
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t('admin.reports.queues')}
        className="flex gap-1 border-b"
        onKeyDown={move}
      >
        {TABS.map((item) => (
          <button
            key={item.key}
            id={`moderation-tab-${item.key}`}
            role="tab"
            type="button"
            aria-selected={tab === item.key}
            aria-controls={`moderation-panel-${item.key}`}
            tabIndex={tab === item.key ? 0 : -1}
            onClick={() => setTab(item.key)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
              tab === item.key
                ? 'border-primary text-primary'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(item.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`moderation-panel-${tab}`} aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'reports' ? <ReportsQueue /> : <HeldJobs />}
      </div>
    </div>
  )
}
