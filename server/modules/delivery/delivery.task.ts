import type { PeriodicTask } from '../tasks/scheduler'
import type { DeliveryService } from './delivery.service'

export const DELIVERY_TASK = 'delivery'

/**
 * The review windows' sweep (ADR 055, 057) as a periodic task, once per period across instances (ADR 018):
 * reminders due and windows ended. Each contract is claimed by a conditional update on its row, so even two
 * overlapping runs, or a run after a restart, release a window once.
 */
export function deliveryTask(delivery: DeliveryService, everyMs = 60_000): PeriodicTask {
  return { name: DELIVERY_TASK, everyMs, leaseMs: 5 * 60_000, run: () => delivery.sweep() }
}
