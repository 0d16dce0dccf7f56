import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { invoices, payouts, type InvoiceRow, type PayoutRow } from '../../db/schema'

const n = (v: unknown) => Number(v ?? 0)

/** Release splits, their payouts rows and the fee's GST invoices (ADR 050): SQL only. */
export const releaseRepo = {
  /**
   * The freelancer's gross through the platform in a financial year so far (s.194-O's threshold). With `lock`, the
   * freelancer's releases queue behind each other until commit, so two at once cannot both stay under the limit.
   */
  async fyGross(db: Executor, freelancerId: string, fy: string, lock: boolean): Promise<number> {
    if (lock) await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`fy-gross:${freelancerId}`}))`)
    const r = await db.execute(sql`select coalesce(sum(gross_paise), 0) as g from payouts
      where freelancer_id = ${freelancerId}::uuid and financial_year = ${fy}`)
    return n((r.rows[0] as { g: unknown }).g)
  },

  async transactionId(db: Executor, idempotencyKey: string): Promise<string> {
    const r = await db.execute(
      sql`select id from ledger_transactions where idempotency_key = ${idempotencyKey}`,
    )
    return String((r.rows[0] as { id: string }).id)
  },

  async insertPayout(db: Executor, v: typeof payouts.$inferInsert): Promise<PayoutRow> {
    return (await db.insert(payouts).values(v).returning())[0]
  },

  /**
   * The next invoice serial of a financial year. The counter row stays locked until the release commits, so serials
   * are handed out one at a time and a rolled-back release gives its serial back: no gaps.
   */
  async nextInvoiceSeq(db: Executor, fy: string): Promise<number> {
    const r = await db.execute(sql`insert into invoice_counters (financial_year, last_seq) values (${fy}, 1)
      on conflict (financial_year) do update set last_seq = invoice_counters.last_seq + 1
      returning last_seq`)
    return n((r.rows[0] as { last_seq: unknown }).last_seq)
  },

  async insertInvoice(db: Executor, v: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    return (await db.insert(invoices).values(v).returning())[0]
  },
}
