import { PageHeader } from '@/components/page-header'
import { ModerationQueues } from '@/features/moderation'
import { useT } from '@/i18n'

/** /admin/reports — operators only (RequireAuth in the router): reports and job posts held for review (ADR 056). */
export function Component() {
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>{t('admin.reports.pageTitle')}</title>
      <PageHeader title={t('admin.reports.title')} description={t('admin.reports.description')} />
      <ModerationQueues />
    </div>
  )
}
