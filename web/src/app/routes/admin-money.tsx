import { PageHeader } from '@/components/page-header'
import { OperatorMoney } from '@/features/operator-money'

/** /admin/money — operators only (RequireAuth in the router): reconciliation and money out that needs a hand. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>Money checks · Microlance</title>
      <PageHeader
        title="Money checks"
        description="The daily reconciliation of the ledger with the provider, and refunds and transfers that need a hand."
      />
      <OperatorMoney />
    </div>
  )
}
