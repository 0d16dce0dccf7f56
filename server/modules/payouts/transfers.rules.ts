import { DIRECT } from './transfers.repo'

/** The first retry of a failed transfer comes after this long, doubling with each failure up to six hours. */
export const RETRY_BASE_MS = 30_000
export const RETRY_MAX_MS = 6 * 60 * 60_000
/** A transfer the provider still has pending is looked at again after this long, in case its webhook is lost. */
export const RECHECK_MS = 10 * 60_000

export const retryDelayMs = (failures: number) =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1))

/** The split of `net` over payments' room, oldest first; what no payment can take goes directly from the balance. */
export function allocate(
  net: number,
  room: {
    providerPaymentId: string
    captured: number
    refunded: number
    transferred: number
    refundStarted: boolean
  }[],
): { providerPaymentId: string; amount: number }[] {
  const parts: { providerPaymentId: string; amount: number }[] = []
  let left = net
  for (const p of room) {
    if (left <= 0) break
    // Razorpay refuses a transfer from a payment whose refund has started, and never moves more than is left on it.
    if (p.refundStarted) continue
    const free = p.captured - p.refunded - p.transferred
    if (free <= 0) continue
    const amount = Math.min(free, left)
    parts.push({ providerPaymentId: p.providerPaymentId, amount })
    left -= amount
  }
  if (left > 0) parts.push({ providerPaymentId: DIRECT, amount: left })
  return parts
}
