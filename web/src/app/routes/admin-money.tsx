import { PageHeader } from '@/components/page-header'
import { OperatorMoney } from '@/features/operator-money'
import { useT } from '@/i18n'

/** /admin/money — operators only (RequireAuth in the router): reconciliation and money out that needs a hand. */
export function Component() {
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>{t('money.admin.docTitle')}</title>
      <PageHeader title={t('money.admin.title')} description={t('money.admin.description')} />
      <OperatorMoney />
    </div>
  )
}
