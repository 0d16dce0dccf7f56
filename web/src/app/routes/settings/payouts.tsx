import { PageHeader } from '@/components/page-header'
import { PayoutSettings } from '@/features/payouts'

/** /settings/payouts — where money released to the user is paid out (ADR 049). Guarded by RequireAuth. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-2xl">
      <title>Payout details · Microlance</title>
      <PageHeader
        title="Payout details"
        description="Your PAN and the bank account or UPI id we pay released money to."
      />
      <PayoutSettings />
    </div>
  )
}
