import type { PayoutAccountStatus } from '@common/schemas/payout'
import { useLanguage } from '@/i18n'
import { cn } from '@/lib/utils'
import { STATUS_CLASSES, statusLabel } from '../lib/status'

/** The linked account's state as a badge with words (never colour alone). */
export function PayoutStatusBadge({
  status,
  requirements,
}: {
  status: PayoutAccountStatus
  requirements?: string[]
}) {
  // The words come from the catalogue: a change of language renders the badge again.
  useLanguage()
  return (
    <span
      data-testid="payout-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        STATUS_CLASSES[status],
      )}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden />
      {statusLabel(status, requirements)}
    </span>
  )
}
