import { formatRupees } from '@common/money'

export type RefundStatus = 'pending' | 'processed' | 'failed'

/** The client's words for a refund on its way to the card or UPI it was paid from (ADR 050). */
export function refundText(refund: { amount: number; status: RefundStatus | string }): string {
  const state =
    refund.status === 'processed'
      ? 'done'
      : refund.status === 'failed'
        ? 'failed, we are retrying'
        : 'processing'
  return `${formatRupees(refund.amount)} back to your card/UPI — ${state}`
}

/** Whether any refund is still on its way, so the screen looks again until it settles. */
export const anyRefundPending = (refunds: readonly { status: string }[] | undefined) =>
  (refunds ?? []).some((r) => r.status === 'pending')

/** Whether a payout is between its release and the bank's UTR (queued, transferring, or paid with no UTR yet). */
export const anyPayoutMoving = (payouts: readonly { status: string; utr?: string | null }[] | undefined) =>
  (payouts ?? []).some(
    (p) => p.status === 'queued' || p.status === 'transferring' || (p.status === 'paid' && !p.utr),
  )
