import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { reconciliationMismatches, reconciliationRuns } from '../../db/schema'
import type { OurItem } from './provider-ledger'
import type { Mismatch } from './reconciliation.types'

type Row = Record<string, unknown>
const n = (v: unknown) => Number(v ?? 0)
const date = (v: unknown) => (v == null ? null : new Date(v as string))

const item = (x: Row): OurItem & { paymentId: string } => ({
  id: String(x.id),
  paymentId: String(x.payment_id),
  providerId: x.provider_id == null ? null : String(x.provider_id),
  reference: String(x.reference),
  amountPaise: n(x.amount_paise),
  status: String(x.status),
})

async function moneyOutRows(db: Executor, where: SQL) {
  const refunds = await db.execute(sql`select id::text as id, provider_payment_id as payment_id,
    provider_refund_id as provider_id, reference, amount_paise, status from refunds where ${where}`)
  const transfers = await db.execute(sql`select id::text as id, provider_payment_id as payment_id,
    provider_transfer_id as provider_id, reference, amount_paise, status from transfers where ${where}`)
  return { refunds: (refunds.rows as Row[]).map(item), transfers: (transfers.rows as Row[]).map(item) }
}

/** How many mismatches one run keeps (a broken ledger could otherwise write millions of rows). */
export const MISMATCH_CAP = 1000

/** Reconciliation runs, their mismatches, and the rows operators act on (ADR 053): SQL only. */
export const reconciliationRepo = {
  /** Makes the (just begun) transaction one read-only snapshot: checks across tables see the same moment. */
  async snapshot(tx: Executor) {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`)
  },

  async startRun(db: Executor) {
    return (await db.insert(reconciliationRuns).values({}).returning())[0]
  },

  async finishRun(
    db: Executor,
    id: string,
    r: { checked: number; mismatches: Mismatch[]; error: string | null },
  ) {
    const kept = r.mismatches.slice(0, MISMATCH_CAP)
    for (let i = 0; i < kept.length; i += 200)
      await db
        .insert(reconciliationMismatches)
        .values(kept.slice(i, i + 200).map((m) => ({ runId: id, ...m })))
    return (
      await db
        .update(reconciliationRuns)
        .set({
          finishedAt: sql`now()`,
          checked: r.checked,
          mismatches: r.mismatches.length,
          error: r.error,
        })
        .where(eq(reconciliationRuns.id, id))
        .returning()
    )[0]
  },

  async lastRun(db: Executor) {
    return (
      (await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt)).limit(1))[0] ??
      null
    )
  },

  async mismatchesOf(db: Executor, runId: string) {
    return db
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.runId, runId))
      .orderBy(reconciliationMismatches.kind, reconciliationMismatches.subject)
  },

  /** Captured payments of paid orders, with our refunds and transfers rows drawn on each. */
  async paymentsWithMoneyOut(db: Executor) {
    const payments = (
      await db.execute(sql`select p.provider_payment_id as id from payments p
        join payment_orders o on o.id = p.order_id and o.status = 'paid' and o.provider_payment_id = p.provider_payment_id
       where p.status = 'captured' order by p.created_at`)
    ).rows as Row[]
    return { paymentIds: payments.map((p) => String(p.id)), ...(await moneyOutRows(db, sql`true`)) }
  },

  /** Our refunds and transfers rows drawn on one payment, as they are now. */
  async moneyOutOfPayment(db: Executor, paymentId: string) {
    return moneyOutRows(db, sql`provider_payment_id = ${paymentId}`)
  },

  /** Refunds or transfers in one state, oldest first; with `olderThanMs`, only those made before that long ago. */
  async moneyOut(
    db: Executor,
    table: 'refunds' | 'transfers',
    status: 'failed' | 'pending',
    olderThanMs = 0,
    limit = 200,
  ) {
    const extra =
      table === 'refunds'
        ? sql`job_id::text as job_id, contract_id::text as contract_id, client_id::text as user_id`
        : sql`payout_id::text as payout_id, freelancer_id::text as user_id`
    const r =
      await db.execute(sql`select id::text as id, provider_payment_id, amount_paise, status, failure_reason,
        attempts, created_at, updated_at, next_attempt_at, ${extra}
        from ${sql.raw(table)}
       where status = ${status} and created_at <= now() - (${olderThanMs} * interval '1 millisecond')
       order by created_at limit ${limit}`)
    return (r.rows as Row[]).map((x) => ({
      id: String(x.id),
      paymentId: String(x.provider_payment_id),
      amountPaise: n(x.amount_paise),
      status: String(x.status),
      failureReason: x.failure_reason == null ? null : String(x.failure_reason),
      attempts: n(x.attempts),
      createdAt: date(x.created_at)!,
      updatedAt: date(x.updated_at)!,
      nextAttemptAt: date(x.next_attempt_at),
      jobId: x.job_id == null ? null : String(x.job_id),
      contractId: x.contract_id == null ? null : String(x.contract_id),
      payoutId: x.payout_id == null ? null : String(x.payout_id),
      userId: String(x.user_id),
    }))
  },
}
export type MoneyOutRow = Awaited<ReturnType<typeof reconciliationRepo.moneyOut>>[number]
