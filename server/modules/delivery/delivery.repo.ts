import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { contractReviews, contracts, uploads, users, type ContractReviewRow } from '../../db/schema'
import { appNow, appNowPlus } from '../../lib/clock'
import { toDate } from '../../db/raw-rows'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When the client is reminded, counted back from the window's end (ADR 057): two days before it, or half-way for a
 * window of two days or less.
 */
export const reminderLeadMs = (windowMs: number) => (windowMs > 2 * DAY_MS ? 2 * DAY_MS : windowMs / 2)

/** Review windows (0017_delivery.sql): SQL only. Every deadline is set and compared with `app_now()` (ADR 055). */
export const deliveryRepo = {
  async byContract(db: Executor, contractId: string): Promise<ContractReviewRow | null> {
    const [row] = await db
      .select()
      .from(contractReviews)
      .where(eq(contractReviews.contractId, contractId))
      .limit(1)
    return row ?? null
  },

  /** Locks the contract's row (after the job's, the order every money path takes); null when it is gone. */
  async lockContract(tx: Executor, contractId: string) {
    const [row] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update').limit(1)
    return row ?? null
  },

  /** A submission: counts it and (re)starts the window of `windowMs` when `open`, else leaves none open. */
  async submitted(
    tx: Executor,
    v: { contractId: string; units: number | null; windowMs: number; open: boolean },
  ): Promise<ContractReviewRow> {
    const window = v.open
      ? {
          startedAt: appNow,
          dueAt: appNowPlus(v.windowMs),
          remindAt: appNowPlus(v.windowMs - reminderLeadMs(v.windowMs)),
          units: v.units,
        }
      : { startedAt: null, dueAt: null, remindAt: null, units: null }
    const [row] = await tx
      .insert(contractReviews)
      .values({ contractId: v.contractId, submissions: 1, ...window, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: contractReviews.contractId,
        set: { ...window, submissions: sql`${contractReviews.submissions} + 1`, updatedAt: new Date() },
      })
      .returning()
    return row!
  },

  /** The client asked for changes: the window closes until the next submission; the count goes up. */
  async changesRequested(tx: Executor, contractId: string): Promise<ContractReviewRow | null> {
    const [row] = await tx
      .update(contractReviews)
      .set({
        dueAt: null,
        remindAt: null,
        changesRequested: sql`${contractReviews.changesRequested} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(contractReviews.contractId, contractId))
      .returning()
    return row ?? null
  },

  /** The client answered another way (a release): no window stays open. */
  async close(tx: Executor, contractId: string): Promise<void> {
    await tx
      .update(contractReviews)
      .set({ dueAt: null, remindAt: null, updatedAt: new Date() })
      .where(and(eq(contractReviews.contractId, contractId), sql`${contractReviews.dueAt} is not null`))
  },

  /**
   * Claims a window that has ended: clears it in one conditional update, so of any number of callers (instances,
   * retries, a restart) exactly one gets the row back. Null when it was not due or someone else claimed it.
   */
  async claimDue(tx: Executor, contractId: string) {
    const r =
      await tx.execute(sql`update contract_reviews set due_at = null, remind_at = null, updated_at = now()
      where contract_id = ${contractId}::uuid and due_at <= app_now()
      returning units, started_at`)
    const row = r.rows[0] as { units: number | null; started_at: unknown } | undefined
    return row
      ? { units: row.units === null ? null : Number(row.units), startedAt: toDate(row.started_at) }
      : null
  },

  /** Claims a due reminder the same way; the window's end when claimed. */
  async claimReminder(tx: Executor, contractId: string): Promise<Date | null> {
    const r = await tx.execute(sql`update contract_reviews set remind_at = null, updated_at = now()
      where contract_id = ${contractId}::uuid and remind_at <= app_now() and due_at > app_now()
      returning due_at`)
    const row = r.rows[0] as { due_at: unknown } | undefined
    return row ? toDate(row.due_at) : null
  },

  /** Contracts whose window has ended and whose escrow is not frozen by a dispute, oldest deadline first. */
  async due(db: Executor, limit = 100): Promise<string[]> {
    const r = await db.execute(sql`select r.contract_id from contract_reviews r
      join contracts c on c.id = r.contract_id
      where r.due_at <= app_now() and c.frozen_at is null
      order by r.due_at limit ${limit}`)
    return (r.rows as { contract_id: string }[]).map((x) => x.contract_id)
  },

  /** Contracts whose client is due a reminder. */
  async remindersDue(db: Executor, limit = 100): Promise<string[]> {
    const r = await db.execute(sql`select contract_id from contract_reviews
      where remind_at <= app_now() and due_at > app_now() order by remind_at limit ${limit}`)
    return (r.rows as { contract_id: string }[]).map((x) => x.contract_id)
  },

  /** Whether a dispute was opened on the contract at or after `since` (it ends the window: the client answered). */
  async disputedSince(tx: Executor, contractId: string, since: Date | null): Promise<boolean> {
    const r = await tx.execute(sql`select 1 from contract_events where contract_id = ${contractId}::uuid
      and kind = 'disputed' ${since ? sql`and created_at >= ${since.toISOString()}::timestamptz` : sql``} limit 1`)
    return r.rows.length > 0
  },

  /** Locks the named uploads (main files only) for the claiming transaction. */
  async lockUploads(tx: Executor, fileNames: string[]) {
    if (fileNames.length === 0) return []
    return tx
      .select()
      .from(uploads)
      .where(and(inArray(uploads.fileName, fileNames), isNull(uploads.parentId)))
      .for('update')
  },

  /** Marks uploads as kept (the media sweep leaves claimed files alone). */
  async claimUploads(tx: Executor, ids: string[]) {
    if (ids.length) await tx.update(uploads).set({ claimedAt: new Date() }).where(inArray(uploads.id, ids))
  },

  async contact(db: Executor, userId: string) {
    const [row] = await db
      .select({ id: users.id, email: users.email, fullname: users.fullname, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
    return row ?? null
  },
}
