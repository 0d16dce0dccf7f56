import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { count, rupees, type CheckResult, type Mismatch } from './reconciliation.types'

type Row = Record<string, unknown>
const rowsOf = async (db: Executor, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as Row[]
const n = (v: unknown) => Number(v ?? 0)

/** Every ledger transaction sums to zero; no escrow account is below zero (ADR 011). SQL only. */
export async function ledgerBalanced(db: Executor): Promise<CheckResult> {
  const unbalanced = await rowsOf(
    db,
    sql`select t.id::text as id, t.kind, coalesce(sum(e.amount_paise), 0) as total
          from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
         group by t.id, t.kind having coalesce(sum(e.amount_paise), 0) <> 0`,
  )
  const negative = await rowsOf(
    db,
    sql`select a.key, sum(e.amount_paise) as balance
          from ledger_accounts a join ledger_entries e on e.account_id = a.id
         where a.kind = 'escrow' group by a.key having sum(e.amount_paise) < 0`,
  )
  const mismatches: Mismatch[] = [
    ...unbalanced.map((r) => ({
      kind: 'ledger_unbalanced',
      subject: String(r.id),
      expected: rupees(0),
      actual: rupees(r.total),
      detail: `The legs of this ${String(r.kind)} transaction do not sum to zero`,
    })),
    ...negative.map((r) => ({
      kind: 'escrow_negative',
      subject: String(r.key),
      expected: `≥ ${rupees(0)}`,
      actual: rupees(r.balance),
      detail: 'An escrow account is below zero',
    })),
  ]
  return { checked: await count(db, sql`select count(*) as n from ledger_transactions`), mismatches }
}

const MIRROR: [column: string, ledger: string, money: boolean][] = [
  ['funded_paise', 'l_funded', true],
  ['released_paise', 'l_released', true],
  ['refunded_paise', 'l_refunded', true],
  ['funded_units', 'l_funded_units', false],
  ['released_units', 'l_released_units', false],
  ['refunded_units', 'l_refunded_units', false],
]

/**
 * Each contract's mirror equals its ledger totals, and its escrow account holds funded − released − refunded. A
 * transaction belongs to its contract, or (with no contract) to the contract holding the job's escrow (ADR 048), as
 * ledger.repo's scopes say.
 */
export async function contractEscrow(db: Executor): Promise<CheckResult> {
  const rows = await rowsOf(
    db,
    sql`with owned as (
          select t.id, t.kind, t.amount_paise, t.units, coalesce(t.contract_id, h.id) as contract_id
            from ledger_transactions t
            left join contracts h on t.contract_id is null and h.job_id = t.job_id and h.holds_job_escrow
        ), totals as (
          select o.contract_id,
            coalesce(sum(o.amount_paise) filter (where o.kind = 'fund'), 0) as l_funded,
            coalesce(sum(o.units) filter (where o.kind = 'fund'), 0) as l_funded_units,
            coalesce(sum(o.amount_paise) filter (where o.kind = 'refund'), 0) as l_refunded,
            coalesce(sum(o.units) filter (where o.kind = 'refund'), 0) as l_refunded_units,
            coalesce(sum(o.units) filter (where o.kind = 'release'), 0) as l_released_units
            from owned o where o.contract_id is not null group by o.contract_id
        ), released as (
          select o.contract_id, -sum(e.amount_paise) as l_released
            from owned o join ledger_entries e on e.transaction_id = o.id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
           where o.kind = 'release' and o.contract_id is not null group by o.contract_id
        ), balances as (
          select a.key, sum(e.amount_paise) as balance
            from ledger_accounts a join ledger_entries e on e.account_id = a.id
           where a.kind = 'escrow' group by a.key
        )
        select c.id::text as id, c.escrow_account_key, c.funded_paise, c.released_paise, c.refunded_paise,
               c.funded_units, c.released_units, c.refunded_units,
               coalesce(t.l_funded, 0) as l_funded, coalesce(t.l_funded_units, 0) as l_funded_units,
               coalesce(t.l_refunded, 0) as l_refunded, coalesce(t.l_refunded_units, 0) as l_refunded_units,
               coalesce(t.l_released_units, 0) as l_released_units, coalesce(r.l_released, 0) as l_released,
               coalesce(b.balance, 0) as balance
          from contracts c
          left join totals t on t.contract_id = c.id
          left join released r on r.contract_id = c.id
          left join balances b on b.key = c.escrow_account_key`,
  )
  const mismatches: Mismatch[] = []
  for (const r of rows) {
    for (const [column, ledger, money] of MIRROR)
      if (n(r[column]) !== n(r[ledger]))
        mismatches.push({
          kind: 'contract_mirror',
          subject: String(r.id),
          expected: money ? rupees(r[ledger]) : String(n(r[ledger])),
          actual: money ? rupees(r[column]) : String(n(r[column])),
          detail: `contracts.${column} differs from the contract's ledger total`,
        })
    const held = n(r.l_funded) - n(r.l_released) - n(r.l_refunded)
    if (held !== n(r.balance))
      mismatches.push({
        kind: 'contract_escrow_balance',
        subject: String(r.id),
        expected: rupees(held),
        actual: rupees(r.balance),
        detail: `${String(r.escrow_account_key)} differs from funded − released − refunded`,
      })
  }
  return { checked: rows.length, mismatches }
}

/** Each captured payment of a paid order is booked once as `fund:<payment>` for its amount, and nothing else is. */
export async function paymentsFunded(db: Executor): Promise<CheckResult> {
  const unbooked = await rowsOf(
    db,
    sql`select p.provider_payment_id as id, p.amount_paise, count(t.id) as n, coalesce(sum(t.amount_paise), 0) as booked
          from payments p
          join payment_orders o on o.id = p.order_id and o.status = 'paid'
                               and o.provider_payment_id = p.provider_payment_id
          left join ledger_transactions t on t.kind = 'fund'
                                         and t.idempotency_key = 'fund:' || p.provider_payment_id
         where p.status = 'captured'
         group by p.provider_payment_id, p.amount_paise
        having count(t.id) <> 1 or coalesce(sum(t.amount_paise), 0) <> p.amount_paise`,
  )
  const orphans = await rowsOf(
    db,
    sql`select t.id::text as id, t.idempotency_key, t.amount_paise from ledger_transactions t
         where t.kind = 'fund' and not exists (
           select 1 from payments p join payment_orders o on o.id = p.order_id
            where p.status = 'captured' and o.status = 'paid' and o.provider_payment_id = p.provider_payment_id
              and t.idempotency_key = 'fund:' || p.provider_payment_id)`,
  )
  const mismatches: Mismatch[] = [
    ...unbooked.map((r) => ({
      kind: 'payment_not_booked',
      subject: String(r.id),
      expected: `1 fund of ${rupees(r.amount_paise)}`,
      actual: `${n(r.n)} fund of ${rupees(r.booked)}`,
      detail: 'A captured payment is not booked exactly once for its amount',
    })),
    ...orphans.map((r) => ({
      kind: 'fund_without_payment',
      subject: String(r.id),
      expected: 'a captured payment',
      actual: rupees(r.amount_paise),
      detail: `No captured payment of a paid order is behind ${String(r.idempotency_key)}`,
    })),
  ]
  return {
    checked: await count(db, sql`select count(*) as n from payments where status = 'captured'`),
    mismatches,
  }
}

/** Invoice serials of each financial year run 1..last_seq with no gap, duplicate or serial past the counter. */
export async function invoiceSerials(db: Executor): Promise<CheckResult> {
  const gaps = await rowsOf(
    db,
    sql`select c.financial_year as fy, c.last_seq, count(*) as missing, min(s.seq) as first, max(s.seq) as last
          from invoice_counters c cross join lateral generate_series(1, c.last_seq) as s(seq)
         where not exists (select 1 from invoices i where i.financial_year = c.financial_year and i.seq = s.seq)
         group by c.financial_year, c.last_seq`,
  )
  const dupes = await rowsOf(
    db,
    sql`select financial_year as fy, seq, count(*) as n from invoices group by financial_year, seq having count(*) > 1`,
  )
  const beyond = await rowsOf(
    db,
    sql`select i.financial_year as fy, coalesce(max(c.last_seq), 0) as last_seq, max(i.seq) as seq
          from invoices i left join invoice_counters c on c.financial_year = i.financial_year
         where c.last_seq is null or i.seq > c.last_seq group by i.financial_year`,
  )
  const mismatches: Mismatch[] = [
    ...gaps.map((r) => ({
      kind: 'invoice_gap',
      subject: String(r.fy),
      expected: `serials 1..${n(r.last_seq)}`,
      actual: `${n(r.missing)} missing`,
      detail: `No invoice holds serial ${n(r.first)}${n(r.missing) > 1 ? ` (first of ${n(r.missing)}, last ${n(r.last)})` : ''}`,
    })),
    ...dupes.map((r) => ({
      kind: 'invoice_duplicate',
      subject: String(r.fy),
      expected: `1 invoice numbered ${n(r.seq)}`,
      actual: `${n(r.n)} invoices`,
      detail: 'Two invoices share a serial',
    })),
    ...beyond.map((r) => ({
      kind: 'invoice_beyond_counter',
      subject: String(r.fy),
      expected: `≤ ${n(r.last_seq)}`,
      actual: String(n(r.seq)),
      detail: 'An invoice serial is past its year’s counter',
    })),
  ]
  return { checked: await count(db, sql`select count(*) as n from invoices`), mismatches }
}
