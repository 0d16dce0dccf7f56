import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { OperatorDisputes } from '@/features/disputes/components/operator-disputes'
import { useT } from '@/i18n'

/** /admin/disputes — operators only (RequireAuth in the router): the queue and one dispute (?id=) to decide. */
export function Component() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const selected = params.get('id')
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>{t('admin.disputes.pageTitle')}</title>
      <PageHeader title={t('admin.disputes.title')} />
      <OperatorDisputes
        selected={selected}
        onSelect={(id) => setParams(id ? { id } : {}, { replace: false })}
      />
    </div>
  )
}
