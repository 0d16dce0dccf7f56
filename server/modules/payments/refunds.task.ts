import type { PeriodicTask } from '../tasks/scheduler'
import type { RefundFlow } from './refunds'

/**
 * The refund sweep (ADR 050) as a periodic task, once per period across instances (ADR 018): refunds whose call
 * did not happen right after their commit (a crash, an unreachable provider, a pending refund to look at again).
 * Rows are claimed with `skip locked` and a lease, so even two overlapping runs never send one refund twice.
 */
export function refundSweepTask(refunds: RefundFlow, everyMs = 30_000): PeriodicTask {
  return { name: 'refunds', everyMs, leaseMs: 5 * 60_000, run: () => refunds.send() }
}
