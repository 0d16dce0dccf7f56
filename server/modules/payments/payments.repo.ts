import { and, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { jobWorkEvents, paymentOrders, payments, webhookEvents, type PaymentOrderRow } from '../../db/schema'

/** Orders, provider payments, webhook events and work events: SQL only. */
export const paymentsRepo = {
  async insertOrder(db: Executor, v: typeof paymentOrders.$inferInsert): Promise<PaymentOrderRow> {
    return (await db.insert(paymentOrders).values(v).returning())[0]
  },
  async orderByProviderId(db: Executor, providerOrderId: string, lock = false) {
    const q = db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId))
    return ((await (lock ? q.for('update') : q).limit(1))[0] ?? null) as PaymentOrderRow | null
  },
  async markPaid(db: Executor, id: string, providerPaymentId: string) {
    await db
      .update(paymentOrders)
      .set({ status: 'paid', providerPaymentId, paidAt: new Date() })
      .where(eq(paymentOrders.id, id))
  },
  /** Records a provider payment; a captured one supersedes an earlier failed report of the same id. */
  async recordPayment(db: Executor, v: typeof payments.$inferInsert) {
    await db
      .insert(payments)
      .values(v)
      .onConflictDoUpdate({
        target: payments.providerPaymentId,
        set: { status: v.status, source: v.source },
        where: sql`${payments.status} = 'failed' and ${v.status} = 'captured'`,
      })
  },
  /** True when this webhook event id is new (the first delivery). */
  async firstDelivery(db: Executor, eventId: string, event: string): Promise<boolean> {
    const r = await db
      .insert(webhookEvents)
      .values({ eventId, event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.eventId })
    return r.length > 0
  },
  /** The accepted freelancer of a job (the first accepted, if the poster accepted several). */
  async acceptedFreelancer(db: Executor, jobId: string) {
    const r = await db.execute(sql`select u.id, u.fullname, u.user_id from applications a
      join users u on u.id = a.applicant_id
      where a.job_id = ${jobId}::uuid and a.status = 'accepted' order by a.updated_at, a.created_at limit 1`)
    const row = r.rows[0] as { id: string; fullname: string; user_id: string } | undefined
    return row ? { id: String(row.id), fullname: row.fullname, userId: row.user_id } : null
  },
  /** A user's name and handle, for messages about a hire. */
  async person(db: Executor, id: string) {
    const r = await db.execute(sql`select id, fullname, user_id from users where id = ${id}::uuid`)
    const row = r.rows[0] as { id: string; fullname: string; user_id: string } | undefined
    return row ? { id: String(row.id), fullname: row.fullname, userId: row.user_id } : null
  },
  async insertWorkEvent(db: Executor, v: typeof jobWorkEvents.$inferInsert) {
    return (await db.insert(jobWorkEvents).values(v).returning())[0]
  },
  async workEvents(db: Executor, jobId: string, freelancerId: string) {
    return db
      .select({ kind: jobWorkEvents.kind, createdAt: jobWorkEvents.createdAt })
      .from(jobWorkEvents)
      .where(and(eq(jobWorkEvents.jobId, jobId), eq(jobWorkEvents.freelancerId, freelancerId)))
      .orderBy(desc(jobWorkEvents.createdAt))
  },
}
