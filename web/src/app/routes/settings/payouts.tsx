import { PageHeader } from '@/components/page-header'
import { PayoutSettings } from '@/features/payouts'
import { useT } from '@/i18n'

/** /settings/payouts — where money released to the user is paid out (ADR 049). Guarded by RequireAuth. */
export function Component() {
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-2xl">
      <title>{t('money.payoutSettings.docTitle')}</title>
      <PageHeader
        title={t('money.payoutSettings.title')}
        description={t('money.payoutSettings.description')}
      />
      <PayoutSettings />
    </div>
  )
}
