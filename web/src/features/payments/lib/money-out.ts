import { t } from '@/i18n'
import { rupees } from '@/lib/rupees'

export type RefundStatus = 'pending' | 'processed' | 'failed'

/** The client's words for a refund on its way to the card or UPI it was paid from (ADR 050). */
export function refundText(refund: { amount: number; status: RefundStatus | string }): string {
  const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending'
  return t('money.refund.line', { amount: rupees(refund.amount), status })
}

/** Whether any refund is still on its way, so the screen looks again until it settles. */
export const anyRefundPending = (refunds: readonly { status: string }[] | undefined) =>
  (refunds ?? []).some((r) => r.status === 'pending')

/** Whether a payout is between its release and the bank's UTR (queued, transferring, or paid with no UTR yet). */
export const anyPayoutMoving = (payouts: readonly { status: string; utr?: string | null }[] | undefined) =>
  (payouts ?? []).some(
    (p) => p.status === 'queued' || p.status === 'transferring' || (p.status === 'paid' && !p.utr),
  )
