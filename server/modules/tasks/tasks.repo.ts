import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { scheduledTasks, type ScheduledTaskRow } from '../../db/schema'

const ms = (n: number) => sql`(${Math.round(n)} * interval '1 millisecond')`

/** SQL of the shared task schedule (migration 0007). Every time comes from the database's clock, never a host's. */
export const tasksRepo = {
  /**
   * Takes the lease on `name` if the task is due and no live lease holds it. One conditional UPDATE: of instances
   * racing for the same row, PostgreSQL lets the first commit and re-checks the condition for the others, which then
   * match nothing — so exactly one wins each period.
   */
  async claim(db: Executor, name: string, owner: string, leaseMs: number): Promise<boolean> {
    await db.insert(scheduledTasks).values({ name }).onConflictDoNothing()
    const rows = await db
      .update(scheduledTasks)
      .set({ leaseOwner: owner, leaseUntil: sql`now() + ${ms(leaseMs)}`, lastStartedAt: sql`now()` })
      .where(
        and(
          eq(scheduledTasks.name, name),
          lte(scheduledTasks.nextRunAt, sql`now()`),
          or(isNull(scheduledTasks.leaseUntil), lt(scheduledTasks.leaseUntil, sql`now()`)),
        ),
      )
      .returning({ name: scheduledTasks.name })
    return rows.length === 1
  },

  /** Ends the run `owner` holds: the next one is due a period after this one started. A lost lease changes nothing. */
  async finish(db: Executor, name: string, owner: string, everyMs: number, error: string | null) {
    await db
      .update(scheduledTasks)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        nextRunAt: sql`${scheduledTasks.lastStartedAt} + ${ms(everyMs)}`,
        lastFinishedAt: sql`now()`,
        lastError: error,
        runs: error === null ? sql`${scheduledTasks.runs} + 1` : sql`${scheduledTasks.runs}`,
      })
      .where(and(eq(scheduledTasks.name, name), eq(scheduledTasks.leaseOwner, owner)))
  },

  async get(db: Executor, name: string): Promise<ScheduledTaskRow | undefined> {
    const [row] = await db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name))
    return row
  },
}
