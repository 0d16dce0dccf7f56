import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { OperatorDisputes } from '@/features/disputes/components/operator-disputes'

/** /admin/disputes — operators only (RequireAuth in the router): the queue and one dispute (?id=) to decide. */
export function Component() {
  const [params, setParams] = useSearchParams()
  const selected = params.get('id')
  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>Disputes · Microlance</title>
      <PageHeader title="Disputes" />
      <OperatorDisputes
        selected={selected}
        onSelect={(id) => setParams(id ? { id } : {}, { replace: false })}
      />
    </div>
  )
}
