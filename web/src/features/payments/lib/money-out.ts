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
