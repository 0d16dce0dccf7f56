import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { count, rupees, type CheckResult, type Mismatch } from './reconciliation.types'

type Row = Record<string, unknown>
const rowsOf = async (db: Executor, q: ReturnType<typeof sql>) => (await db.execute(q)).rows as Row[]
const n = (v: unknown) => Number(v ?? 0)

const balanceOf = async (db: Executor, key: string) =>
  n(
    (
      (
        await db.execute(sql`select coalesce(sum(e.amount_paise), 0) as b
          from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.key = ${key}`)
      ).rows[0] as Row
    ).b,
  )

/**
 * Refunds (ADR 050): `provider:refunds` holds what was sent and not yet processed (pending and failed rows); each
 * processed row has one `refund_settled` transaction of its amount, and each such transaction one processed row. A
 * settlement names its refund (id or reference) in its idempotency key. Refunds booked before migration 0013 moved
 * escrow straight to the client and have no rows: they are settled and not looked at here.
 */
export async function refundsSettled(db: Executor): Promise<CheckResult> {
  const open = n(
    (
      (
        await db.execute(
          sql`select coalesce(sum(amount_paise), 0) as s from refunds where status in ('pending', 'failed')`,
        )
      ).rows[0] as Row
    ).s,
  )
  const clearing = await balanceOf(db, 'provider:refunds')
  const settled = await rowsOf(
    db,
    sql`select r.id::text as id, r.amount_paise, count(t.id) as n, coalesce(sum(t.amount_paise), 0) as booked
          from refunds r
          left join ledger_transactions t on t.kind = 'refund_settled' and t.job_id = r.job_id
                and (position(r.id::text in t.idempotency_key) > 0 or position(r.reference in t.idempotency_key) > 0)
         where r.status = 'processed' group by r.id, r.amount_paise
        having count(t.id) <> 1 or coalesce(sum(t.amount_paise), 0) <> r.amount_paise`,
  )
  const orphans = await rowsOf(
    db,
    sql`select t.id::text as id, t.idempotency_key, t.amount_paise from ledger_transactions t
         where t.kind = 'refund_settled' and not exists (
           select 1 from refunds r where r.status = 'processed' and r.job_id = t.job_id
              and (position(r.id::text in t.idempotency_key) > 0 or position(r.reference in t.idempotency_key) > 0))`,
  )
  // The rows of one `refund` transaction add up to it (a refund over several payments has several rows).
  const split = await rowsOf(
    db,
    sql`select t.id::text as id, t.amount_paise, sum(r.amount_paise) as rows_total
          from ledger_transactions t join refunds r on r.ledger_transaction_id = t.id
         group by t.id, t.amount_paise having sum(r.amount_paise) <> t.amount_paise`,
  )
  const mismatches: Mismatch[] = []
  if (open !== clearing)
    mismatches.push({
      kind: 'provider_refunds_balance',
      subject: 'provider:refunds',
      expected: rupees(open),
      actual: rupees(clearing),
      detail: 'The clearing account differs from the refunds not yet processed (pending and failed)',
    })
  for (const r of settled)
    mismatches.push({
      kind: 'refund_not_settled',
      subject: String(r.id),
      expected: `1 refund_settled of ${rupees(r.amount_paise)}`,
      actual: `${n(r.n)} of ${rupees(r.booked)}`,
      detail: 'A processed refund is not settled on the ledger exactly once for its amount',
    })
  for (const r of orphans)
    mismatches.push({
      kind: 'refund_settled_orphan',
      subject: String(r.id),
      expected: 'a processed refund',
      actual: rupees(r.amount_paise),
      detail: `No processed refund is behind ${String(r.idempotency_key)}`,
    })
  for (const r of split)
    mismatches.push({
      kind: 'refund_rows_total',
      subject: String(r.id),
      expected: rupees(r.amount_paise),
      actual: rupees(r.rows_total),
      detail: 'The refunds rows of a refund transaction do not add up to it',
    })
  return { checked: (await count(db, sql`select count(*) as n from refunds`)) + 1, mismatches }
}

/** Each tax ledger account and the payouts column it must equal the sum of. */
export const TAX_COLUMNS: [account: string, column: string][] = [
  ['tax:gst_cgst', 'gst_cgst_paise'],
  ['tax:gst_sgst', 'gst_sgst_paise'],
  ['tax:gst_igst', 'gst_igst_paise'],
  ['tax:tds_194o', 'tds_paise'],
  ['tax:tcs_cgst', 'tcs_cgst_paise'],
  ['tax:tcs_sgst', 'tcs_sgst_paise'],
  ['tax:tcs_igst', 'tcs_igst_paise'],
]

/**
 * Each payouts row adds up and is exactly the legs of its release: gross out of escrow, fee to the platform, each tax
 * to its account, net to the freelancer, nothing else; each tax account holds the sum of its payouts column.
 */
export async function payoutSplits(db: Executor): Promise<CheckResult> {
  const taxLegs = TAX_COLUMNS.map(
    ([key, column]) =>
      sql`, coalesce(sum(e.amount_paise) filter (where a.key = ${key}), 0) as ${sql.raw(`"l_${column}"`)}`,
  )
  const rows = await rowsOf(
    db,
    sql`select p.id::text as id, p.*, count(e.id) as legs,
          coalesce(-sum(e.amount_paise) filter (where a.kind = 'escrow'), 0) as l_gross,
          coalesce(sum(e.amount_paise) filter (where a.key = 'platform:fees'), 0) as l_fee,
          coalesce(sum(e.amount_paise) filter (where a.key = 'freelancer:' || p.freelancer_id::text), 0) as l_net,
          count(e.id) filter (where a.kind not in ('escrow', 'platform', 'tax')
                                and a.key <> 'freelancer:' || p.freelancer_id::text) as l_other
          ${sql.join(taxLegs, sql``)}
          from payouts p
          left join ledger_transactions t on t.id = p.release_transaction_id and t.kind = 'release'
          left join ledger_entries e on e.transaction_id = t.id
          left join ledger_accounts a on a.id = e.account_id
         group by p.id`,
  )
  const mismatches: Mismatch[] = []
  for (const r of rows) {
    const id = String(r.id)
    const parts = n(r.fee_paise) + TAX_COLUMNS.reduce((s, [, c]) => s + n(r[c]), 0) + n(r.net_paise)
    if (parts !== n(r.gross_paise))
      mismatches.push({
        kind: 'payout_split',
        subject: id,
        expected: rupees(r.gross_paise),
        actual: rupees(parts),
        detail: 'Fee, taxes and net do not add up to the gross',
      })
    const legs: [string, string, string][] = [
      ['gross_paise', 'l_gross', 'escrow'],
      ['fee_paise', 'l_fee', 'platform:fees'],
      ...TAX_COLUMNS.map(([key, c]): [string, string, string] => [c, `l_${c}`, key]),
      ['net_paise', 'l_net', `freelancer:${String(r.freelancer_id)}`],
    ]
    if (!n(r.legs))
      mismatches.push({
        kind: 'payout_release_missing',
        subject: id,
        expected: `release of ${rupees(r.gross_paise)}`,
        actual: null,
        detail: 'The payout has no release transaction with legs',
      })
    else {
      for (const [col, leg, account] of legs)
        if (n(r[col]) !== n(r[leg]))
          mismatches.push({
            kind: 'payout_leg',
            subject: id,
            expected: rupees(r[col]),
            actual: rupees(r[leg]),
            detail: `payouts.${col} differs from the release's leg on ${account}`,
          })
      if (n(r.l_other))
        mismatches.push({
          kind: 'payout_leg',
          subject: id,
          expected: '0 other legs',
          actual: `${n(r.l_other)} other legs`,
          detail: 'The release moves money to an account its payout does not name',
        })
    }
  }
  for (const [key, column] of TAX_COLUMNS) {
    const sum = n(
      ((await db.execute(sql`select coalesce(sum(${sql.raw(column)}), 0) as s from payouts`)).rows[0] as Row)
        .s,
    )
    const balance = await balanceOf(db, key)
    if (sum !== balance)
      mismatches.push({
        kind: 'tax_balance',
        subject: key,
        expected: rupees(sum),
        actual: rupees(balance),
        detail: `The account differs from the sum of payouts.${column}`,
      })
  }
  return { checked: rows.length + TAX_COLUMNS.length, mismatches }
}

/**
 * Payouts out (ADR 050): each processed transfer has one `payout` transaction of its amount (its idempotency key
 * names the transfer's id or reference), `provider:payouts` holds the processed transfers, and each
 * `freelancer:<id>` holds the payouts' net − processed transfers (plus, for releases from before the split, what they
 * credited directly: those have no payouts row).
 */
export async function transfersBooked(db: Executor): Promise<CheckResult> {
  const unbooked = await rowsOf(
    db,
    sql`select x.id::text as id, x.amount_paise, count(t.id) as n, coalesce(sum(t.amount_paise), 0) as booked
          from transfers x join payouts p on p.id = x.payout_id
          left join ledger_transactions t on t.kind = 'payout' and t.job_id = p.job_id
                and (position(x.id::text in t.idempotency_key) > 0 or position(x.reference in t.idempotency_key) > 0)
         where x.status = 'processed' group by x.id, x.amount_paise
        having count(t.id) <> 1 or coalesce(sum(t.amount_paise), 0) <> x.amount_paise`,
  )
  const orphans = await rowsOf(
    db,
    sql`select t.id::text as id, t.idempotency_key, t.amount_paise from ledger_transactions t
         where t.kind = 'payout' and not exists (
           select 1 from transfers x join payouts p on p.id = x.payout_id
            where x.status = 'processed' and p.job_id = t.job_id
              and (position(x.id::text in t.idempotency_key) > 0 or position(x.reference in t.idempotency_key) > 0))`,
  )
  const processed = n(
    (
      (
        await db.execute(
          sql`select coalesce(sum(amount_paise), 0) as s from transfers where status = 'processed'`,
        )
      ).rows[0] as Row
    ).s,
  )
  const clearing = await balanceOf(db, 'provider:payouts')
  const freelancers = await rowsOf(
    db,
    sql`with owed as (
          select 'freelancer:' || freelancer_id::text as key, sum(net_paise) as s from payouts group by freelancer_id
        ), legacy as (
          select a.key, sum(e.amount_paise) as s
            from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'freelancer'
           where t.kind = 'release' and not exists (select 1 from payouts p where p.release_transaction_id = t.id)
           group by a.key
        ), paid as (
          select 'freelancer:' || freelancer_id::text as key, sum(amount_paise) as s
            from transfers where status = 'processed' group by freelancer_id
        ), balances as (
          select a.key, sum(e.amount_paise) as s from ledger_accounts a join ledger_entries e on e.account_id = a.id
           where a.kind = 'freelancer' group by a.key
        ), people as (
          select key from owed union select key from legacy union select key from paid union select key from balances
        )
        select p.key, coalesce(o.s, 0) + coalesce(l.s, 0) - coalesce(d.s, 0) as expected, coalesce(b.s, 0) as actual
          from people p left join owed o on o.key = p.key left join legacy l on l.key = p.key
          left join paid d on d.key = p.key left join balances b on b.key = p.key`,
  )
  const mismatches: Mismatch[] = []
  for (const r of unbooked)
    mismatches.push({
      kind: 'transfer_not_booked',
      subject: String(r.id),
      expected: `1 payout of ${rupees(r.amount_paise)}`,
      actual: `${n(r.n)} of ${rupees(r.booked)}`,
      detail: 'A processed transfer is not booked on the ledger exactly once for its amount',
    })
  for (const r of orphans)
    mismatches.push({
      kind: 'payout_entry_orphan',
      subject: String(r.id),
      expected: 'a processed transfer',
      actual: rupees(r.amount_paise),
      detail: `No processed transfer is behind ${String(r.idempotency_key)}`,
    })
  if (processed !== clearing)
    mismatches.push({
      kind: 'provider_payouts_balance',
      subject: 'provider:payouts',
      expected: rupees(processed),
      actual: rupees(clearing),
      detail: 'The clearing account differs from the processed transfers',
    })
  for (const r of freelancers)
    if (n(r.expected) !== n(r.actual))
      mismatches.push({
        kind: 'freelancer_balance',
        subject: String(r.key),
        expected: rupees(r.expected),
        actual: rupees(r.actual),
        detail: 'The account differs from the payouts’ net − processed transfers',
      })
  return {
    checked: (await count(db, sql`select count(*) as n from transfers`)) + freelancers.length + 1,
    mismatches,
  }
}
