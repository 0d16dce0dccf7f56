import type { PeriodicTask } from '../tasks/scheduler'
import type { ReconciliationService } from './reconciliation.service'

export const RECONCILIATION_TASK = 'reconciliation'

/** The daily reconciliation as a periodic task: the shared schedule (ADR 018) gives each day to one instance. */
export function reconciliationTask(
  reconciliation: ReconciliationService,
  everyMs = 24 * 60 * 60 * 1000,
): PeriodicTask {
  return {
    name: RECONCILIATION_TASK,
    everyMs,
    leaseMs: 60 * 60 * 1000,
    async run() {
      const { run } = await reconciliation.run()
      // A run that could not finish is the task's failure too (scheduled_tasks.last_error); mismatches are not.
      if (run.error) throw new Error(run.error)
      return run
    },
  }
}
