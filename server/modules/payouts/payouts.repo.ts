import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { payoutAccounts, webhookEvents, type PayoutAccountRow } from '../../db/schema'

/** Payout accounts and their webhook events: SQL only. Sealed columns stay sealed here. */
export const payoutsRepo = {
  async byUser(db: Executor, userId: string): Promise<PayoutAccountRow | null> {
    return (
      (await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1))[0] ?? null
    )
  },
  async byProviderAccount(db: Executor, accountId: string, lock = false): Promise<PayoutAccountRow | null> {
    const q = db.select().from(payoutAccounts).where(eq(payoutAccounts.providerAccountId, accountId))
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null
  },
  /** Saves new details: the state starts over (created, nothing to fix) as of now. */
  async upsertDetails(
    db: Executor,
    v: Pick<
      PayoutAccountRow,
      | 'userId'
      | 'legalName'
      | 'panSealed'
      | 'state'
      | 'gstinSealed'
      | 'bankAccountSealed'
      | 'ifsc'
      | 'upiSealed'
    >,
  ): Promise<PayoutAccountRow> {
    const reset = {
      status: 'created' as const,
      requirements: [],
      statusAt: sql`now()`,
      updatedAt: sql`now()`,
    }
    return (
      await db
        .insert(payoutAccounts)
        .values({ ...v, status: 'created' })
        .onConflictDoUpdate({ target: payoutAccounts.userId, set: { ...v, ...reset } })
        .returning()
    )[0]
  },
  async setProviderIds(
    db: Executor,
    userId: string,
    ids: { accountId: string | null; stakeholderId: string | null; productId: string | null },
  ) {
    await db
      .update(payoutAccounts)
      .set({
        providerAccountId: ids.accountId,
        providerStakeholderId: ids.stakeholderId,
        providerProductId: ids.productId,
      })
      .where(eq(payoutAccounts.userId, userId))
  },
  /** Sets the state when `at` is not older than the state it replaces; false when it is. */
  async setStatus(
    db: Executor,
    userId: string,
    v: { status: PayoutAccountRow['status']; requirements: string[]; at: Date },
  ): Promise<boolean> {
    const r = await db
      .update(payoutAccounts)
      .set({ status: v.status, requirements: v.requirements, statusAt: v.at, updatedAt: sql`now()` })
      .where(
        sql`${payoutAccounts.userId} = ${userId} and ${payoutAccounts.statusAt} <= ${v.at.toISOString()}`,
      )
      .returning({ userId: payoutAccounts.userId })
    return r.length > 0
  },
  /** True when this event id is new for the payouts webhook (kept apart from the payments webhook's ids). */
  async firstDelivery(db: Executor, eventId: string, event: string): Promise<boolean> {
    const r = await db
      .insert(webhookEvents)
      .values({ eventId: `payouts:${eventId}`, event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.eventId })
    return r.length > 0
  },
}
