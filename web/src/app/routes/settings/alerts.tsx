import { PageHeader } from '@/components/page-header'
import { AlertSettings } from '@/features/alerts'
import { useT } from '@/i18n'
import { useUser } from '@/lib/auth'

/** /settings/alerts — saved searches and applicant mail (ADR 064). Guarded by RequireAuth. */
export function Component() {
  const user = useUser()
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-2xl">
      <title>{t('account.alerts.docTitle')}</title>
      <PageHeader title={t('account.alerts.title')} description={t('account.alerts.description')} />
      <AlertSettings isClient={user?.role === 'client'} />
    </div>
  )
}
