import { PageHeader } from '@/components/page-header'
import { EarningsView } from '@/features/payments'

/** /earnings — the signed-in user's earnings and escrow funding. Guarded by RequireAuth in the router. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>Earnings · Microlance</title>
      <PageHeader
        title="Earnings and escrow"
        description="Money released to you, and money you hold in escrow."
      />
      <EarningsView />
    </div>
  )
}
