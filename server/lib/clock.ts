import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { appClock } from '../db/schema'
import { toDate } from '../db/raw-rows'

/**
 * The one clock every deadline of delivery, disputes and reviews reads (ADR 055): the database's `app_now()`, which is
 * `now()` plus an offset only a test clock sets. Use `appNow` in SQL (set and compare deadlines there), and
 * `dbNow()` where JavaScript needs the same instant.
 */
export const appNow = sql`app_now()`

/** `app_now()` plus `ms` milliseconds, for deadlines set in SQL. */
export const appNowPlus = (ms: number) => sql`(app_now() + ${Math.round(ms)} * interval '1 millisecond')`

/** The clock's current instant as the database sees it. */
export async function dbNow(db: Executor): Promise<Date> {
  const res = await db.execute(sql`select app_now() as now`)
  return toDate((res.rows[0] as { now: unknown }).now)
}

/** Test clock only: moves `app_now()` forward by `ms` for every instance on this database; the new offset. */
export async function advanceClock(db: Executor, ms: number): Promise<number> {
  const [row] = await db
    .insert(appClock)
    .values({ id: 1, offsetMs: Math.round(ms) })
    .onConflictDoUpdate({
      target: appClock.id,
      set: { offsetMs: sql`${appClock.offsetMs} + ${Math.round(ms)}` },
    })
    .returning({ offsetMs: appClock.offsetMs })
  return row!.offsetMs
}

/** Test clock only: back to the database's own time. */
export async function resetClock(db: Executor): Promise<void> {
  await db.delete(appClock)
}
