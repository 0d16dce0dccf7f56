import { eq, sql, type SQL } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import { refunds, type RefundRow } from '../../db/schema'
import type { EscrowScope } from './ledger.repo'

const n = (v: unknown) => Number(v ?? 0)
const ms = (x: number) => sql`(${Math.round(x)} * interval '1 millisecond')`

/** The payment orders (aliased `o`) whose money is in an escrow scope (ADR 048), as the ledger's own scopes. */
const orderScope = (s: EscrowScope): SQL => {
  if (!s.contractId) return sql`o.job_id = ${s.jobId}::uuid and o.contract_id is null`
  if (s.holdsJobEscrow)
    return sql`o.job_id = ${s.jobId}::uuid and (o.contract_id = ${s.contractId}::uuid or o.contract_id is null)`
  return sql`o.contract_id = ${s.contractId}::uuid`
}

/** A captured payment and how much of it may still be refunded (paise). */
export interface RefundablePayment {
  paymentId: string
  payerId: string
  available: number
}

/** Refund rows and the captured payments they draw on (ADR 050): SQL only. */
export const refundsRepo = {
  /**
   * The scope's captured payments, newest first, each with what is left of it: captured − every refund row drawn on
   * it (a failed one is retried, so it keeps its claim) − its live transfers.
   */
  async refundable(db: Executor, scope: EscrowScope): Promise<RefundablePayment[]> {
    const r = await db.execute(sql`
      select p.provider_payment_id, o.payer_id, p.amount_paise
        - coalesce((select sum(r.amount_paise) from refunds r
                     where r.provider_payment_id = p.provider_payment_id), 0)
        - coalesce((select sum(t.amount_paise) from transfers t
                     where t.provider_payment_id = p.provider_payment_id and t.status in ('pending', 'processed')), 0)
          as available
        from payments p join payment_orders o on o.id = p.order_id
       where p.status = 'captured' and ${orderScope(scope)}
       order by p.created_at desc, p.provider_payment_id desc`)
    return (r.rows as any[]).map((x) => ({
      paymentId: String(x.provider_payment_id),
      payerId: String(x.payer_id),
      available: n(x.available),
    }))
  },

  /** The id of the ledger transaction booked under `key`. */
  async transactionId(db: Executor, key: string): Promise<string> {
    const r = await db.execute(sql`select id from ledger_transactions where idempotency_key = ${key}`)
    return String((r.rows[0] as { id: string }).id)
  },

  async insert(db: Executor, rows: PgInsertValue<typeof refunds>[]): Promise<RefundRow[]> {
    return rows.length ? db.insert(refunds).values(rows).returning() : []
  },

  async byId(db: Executor, id: string, lock = false): Promise<RefundRow | null> {
    const q = db.select().from(refunds).where(eq(refunds.id, id))
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null
  },

  /** The row a provider refund belongs to: by its id, else by our reference (locked). */
  async forProviderRefund(db: Executor, providerRefundId: string, reference: string | null) {
    const r = await db.execute(sql`select id from refunds
      where provider_refund_id = ${providerRefundId} or reference = ${reference ?? ''}
      order by (provider_refund_id = ${providerRefundId}) desc nulls last limit 1`)
    const id = (r.rows[0] as { id: string } | undefined)?.id
    return id ? refundsRepo.byId(db, String(id), true) : null
  },

  /**
   * Takes up to `limit` pending rows that are due (only `ids` when given) for one attempt: counts it and pushes the
   * next attempt a lease away, so another instance skips them meanwhile and a crashed attempt is retried later.
   */
  async claimDue(db: Executor, o: { limit: number; leaseMs: number; ids?: string[] }): Promise<RefundRow[]> {
    const only = o.ids
      ? o.ids.length
        ? sql`and id in (${sql.join(
            o.ids.map((i) => sql`${i}::uuid`),
            sql`, `,
          )})`
        : sql`and false`
      : sql``
    const r = await db.execute(sql`
      update refunds set attempts = attempts + 1, next_attempt_at = now() + ${ms(o.leaseMs)}, updated_at = now()
       where id in (select id from refunds
                     where status = 'pending' and next_attempt_at <= now() ${only}
                     order by next_attempt_at limit ${o.limit} for update skip locked)
      returning id`)
    const ids = (r.rows as { id: string }[]).map((x) => String(x.id))
    const rows = await Promise.all(ids.map((id) => refundsRepo.byId(db, id)))
    return rows.filter((x): x is RefundRow => !!x)
  },

  async update(db: Executor, id: string, patch: Partial<typeof refunds.$inferInsert>) {
    await db
      .update(refunds)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(refunds.id, id))
  },

  /** Pushes the next attempt `delayMs` away (the database's clock). */
  async retryIn(db: Executor, id: string, delayMs: number) {
    await db.execute(
      sql`update refunds set next_attempt_at = now() + ${ms(delayMs)}, updated_at = now() where id = ${id}::uuid`,
    )
  },

  /** A scope's refunds, oldest first. */
  async ofScope(db: Executor, s: EscrowScope): Promise<RefundRow[]> {
    const where = !s.contractId
      ? sql`job_id = ${s.jobId}::uuid and contract_id is null`
      : s.holdsJobEscrow
        ? sql`job_id = ${s.jobId}::uuid and (contract_id = ${s.contractId}::uuid or contract_id is null)`
        : sql`contract_id = ${s.contractId}::uuid`
    return db.select().from(refunds).where(where).orderBy(refunds.createdAt, refunds.id)
  },

  /** A job's title for messages; null once the job is deleted. */
  async jobTitle(db: Executor, jobId: string): Promise<string | null> {
    const r = await db.execute(sql`select title from jobs where id = ${jobId}::uuid`)
    return (r.rows[0] as { title: string } | undefined)?.title ?? null
  },
}
