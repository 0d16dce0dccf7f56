import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { appOnSameDatabase, signUpOperator, until as untilTruthy } from '../../test/money'
import { fund, hiredJob, perUnit } from '../../test/payments'
import { compareItems } from './provider-ledger'
import { RECONCILIATION_TASK } from './reconciliation.task'

let ctx: TestCtx
let asha: Session // client
let ravi: Session // freelancer
let operator: Session // the 'admin' role
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000', PLATFORM_STATE: 'Karnataka' })
  // The scheduler's own daily run is not due while these tests run (its race test makes it due on purpose).
  await ctx.database.db.execute(sql`insert into scheduled_tasks (name, next_run_at)
    values (${RECONCILIATION_TASK}, now() + interval '1 day')`)
  asha = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar', role: 'freelancer' })
  operator = await signUpOperator(ctx)
  await activeAccount(ravi)
  await moneyFlows()
}, 60_000)
afterAll(() => ctx?.close())

const db = () => ctx.database.db
const exec = (q: ReturnType<typeof sql>) => db().execute(q)
const one = async (q: ReturnType<typeof sql>) => (await exec(q)).rows[0] as Record<string, any>
const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const RUN = '/api/v1/admin/reconciliation/run'
const MONEY = '/api/v1/admin/money'

let perUnitContract: string
let oneTimeContract: string
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  untilTruthy(what, fn, ms)

/** Payout details for the freelancer, read until the sandbox has activated them (so releases are transferred). */
async function activeAccount(s: Session) {
  const put = await injectAs(ctx.app, s, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: {
      legalName: 'Ravi Kumar',
      pan: 'ABCPK1234R',
      state: 'Karnataka',
      bankAccount: '50100123456789',
      ifsc: 'HDFC0001234',
    },
  })
  if (put.statusCode !== 200) throw new Error(`payout details ${put.body}`)
  await until('the account to be activated', async () => {
    return (await get(s, '/api/v1/payouts/account')).json().account.status === 'activated'
  })
}

/**
 * Real money through the sandbox: two hires funded, one part released then refunded, one released in full; both
 * payouts transferred to the freelancer's activated account.
 */
async function moneyFlows() {
  const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
  await fund(ctx.app, asha, job._id, { units: 5 })
  const contracts = await get(asha, `/api/v1/contracts?jobId=${job._id}`)
  perUnitContract = contracts.json().contracts[0]._id
  const released = await post(asha, '/api/v1/payments/release', { contractId: perUnitContract, units: 2 })
  if (released.statusCode !== 200) throw new Error(`release ${released.body}`)
  const refunded = await post(asha, '/api/v1/payments/refund', { contractId: perUnitContract })
  if (refunded.statusCode !== 200) throw new Error(`refund ${refunded.body}`)

  const other = await hiredJob(ctx.app, asha, ravi, { amount: '1000' })
  await fund(ctx.app, asha, other._id)
  oneTimeContract = (await get(asha, `/api/v1/contracts?jobId=${other._id}`)).json().contracts[0]._id
  const all = await post(asha, '/api/v1/payments/release', { contractId: oneTimeContract })
  if (all.statusCode !== 200) throw new Error(`release ${all.body}`)
  await until('both payouts to be paid', async () => {
    const { payouts } = (await get(ravi, '/api/v1/payouts')).json()
    return payouts.length === 2 && payouts.every((p: { status: string }) => p.status === 'paid')
  })
}

/** Runs the reconciliation as the operator; the answer's mismatch kinds. */
async function runKinds(): Promise<string[]> {
  const res = await post(operator, RUN)
  expect(res.statusCode).toBe(200)
  expect(res.json().run.error).toBeNull()
  return res.json().mismatches.map((m: { kind: string }) => m.kind)
}

/** Applies a corruption, runs, and always undoes it so the next test starts from a clean ledger. */
async function corrupted(apply: () => Promise<unknown>, undo: () => Promise<unknown>) {
  await apply()
  try {
    return await runKinds()
  } finally {
    await undo()
  }
}

describe('POST /api/v1/admin/reconciliation/run', () => {
  it('401 without a session', async () => {
    expect((await post(null, RUN)).statusCode).toBe(401)
  })
  it('403 for a client and for a freelancer', async () => {
    expect((await post(asha, RUN)).statusCode).toBe(403)
    expect((await post(ravi, RUN)).statusCode).toBe(403)
  })
  it('after real money flows (fund, release, refund) a run finds nothing and says what it checked', async () => {
    const res = await post(operator, RUN)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.mismatches).toEqual([])
    expect(body.run).toMatchObject({ mismatches: 0, error: null })
    // The flows left money-out rows behind for the checks to look at.
    const rows = await one(sql`select (select count(*) from refunds)::int as refunds,
      (select count(*) from payouts)::int as payouts, (select count(*) from invoices)::int as invoices`)
    expect(rows).toEqual({ refunds: 1, payouts: 2, invoices: 2 })
    const moved = await one(sql`select count(*)::int as n from transfers where status = 'processed'`)
    expect(moved.n).toBeGreaterThanOrEqual(2)
    expect(body.run.checked).toBeGreaterThan(5)
    expect(body.run.finishedAt).not.toBeNull()
    // The run is kept as answered (the scheduler's own first run may have added another meanwhile).
    const kept = await one(sql`select checked, mismatches, finished_at from reconciliation_runs
      where id = ${body.run._id}::uuid`)
    expect(kept).toMatchObject({ checked: body.run.checked, mismatches: 0 })
    expect(kept.finished_at).not.toBeNull()
  })
})

describe('each corruption shows as its own kind', () => {
  it('a contract mirror column off by a rupee: contract_mirror', async () => {
    const kinds = await corrupted(
      () =>
        exec(sql`update contracts set funded_paise = funded_paise + 100 where id = ${perUnitContract}::uuid`),
      () =>
        exec(sql`update contracts set funded_paise = funded_paise - 100 where id = ${perUnitContract}::uuid`),
    )
    expect(kinds).toEqual(['contract_mirror'])
  })

  it('a contract mirror of units: contract_mirror', async () => {
    const kinds = await corrupted(
      () =>
        exec(sql`update contracts set funded_units = funded_units + 1 where id = ${perUnitContract}::uuid`),
      () =>
        exec(sql`update contracts set funded_units = funded_units - 1 where id = ${perUnitContract}::uuid`),
    )
    expect(kinds).toEqual(['contract_mirror'])
  })

  it('an invoice counter a step ahead of its invoices: invoice_gap', async () => {
    const fy = '2031-32'
    const kinds = await corrupted(
      () => exec(sql`insert into invoice_counters (financial_year, last_seq) values (${fy}, 1)`),
      () => exec(sql`delete from invoice_counters where financial_year = ${fy}`),
    )
    expect(kinds).toEqual(['invoice_gap'])
  })

  it('an entry that unbalances its transaction (triggers off in its own transaction): ledger_unbalanced', async () => {
    const entry = await one(sql`select e.transaction_id, e.account_id from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
      where t.kind = 'fund' and a.kind = 'client' order by e.id limit 1`)
    const toggle = (on: boolean) =>
      sql.raw(`alter table ledger_entries ${on ? 'enable' : 'disable'} trigger user`)
    let id = 0
    const kinds = await corrupted(
      () =>
        db().transaction(async (tx) => {
          await tx.execute(toggle(false))
          const r = await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_paise)
            values (${entry.transaction_id}, ${entry.account_id}, -1) returning id`)
          id = Number((r.rows[0] as { id: unknown }).id)
          await tx.execute(toggle(true))
        }),
      () =>
        db().transaction(async (tx) => {
          await tx.execute(toggle(false))
          await tx.execute(sql`delete from ledger_entries where id = ${id}`)
          await tx.execute(toggle(true))
        }),
    )
    expect(kinds).toEqual(['ledger_unbalanced'])
  })

  it('a captured payment whose amount no longer matches its fund: payment_not_booked', async () => {
    const p = await one(sql`select id from payments where status = 'captured' order by created_at limit 1`)
    const kinds = await corrupted(
      () => exec(sql`update payments set amount_paise = amount_paise + 1 where id = ${p.id}`),
      () => exec(sql`update payments set amount_paise = amount_paise - 1 where id = ${p.id}`),
    )
    expect(kinds).toEqual(['payment_not_booked'])
  })
})

describe('money out against the ledger', () => {
  it('a processed refund turned failed: provider_refunds_balance and refund_settled_orphan', async () => {
    const r = await one(sql`select id from refunds where status = 'processed' order by created_at limit 1`)
    const kinds = await corrupted(
      () => exec(sql`update refunds set status = 'failed' where id = ${r.id}`),
      () => exec(sql`update refunds set status = 'processed' where id = ${r.id}`),
    )
    expect(kinds).toContain('provider_refunds_balance')
    expect(kinds).toContain('refund_settled_orphan')
  })

  it('a payout whose fee moved a rupee to its net: payout_leg, and the freelancer’s balance', async () => {
    const p = await one(sql`select id from payouts where fee_paise >= 100 order by created_at limit 1`)
    const kinds = await corrupted(
      () =>
        exec(
          sql`update payouts set fee_paise = fee_paise - 100, net_paise = net_paise + 100 where id = ${p.id}`,
        ),
      () =>
        exec(
          sql`update payouts set fee_paise = fee_paise + 100, net_paise = net_paise - 100 where id = ${p.id}`,
        ),
    )
    expect(kinds).toEqual(['freelancer_balance', 'payout_leg', 'payout_leg'])
  })

  it('a tax column no longer what its account holds: tax_balance', async () => {
    const p = await one(sql`select id from payouts where net_paise >= 1 order by created_at limit 1`)
    const kinds = await corrupted(
      () =>
        exec(sql`update payouts set tds_paise = tds_paise + 1, net_paise = net_paise - 1 where id = ${p.id}`),
      () =>
        exec(sql`update payouts set tds_paise = tds_paise - 1, net_paise = net_paise + 1 where id = ${p.id}`),
    )
    expect(kinds).toContain('tax_balance')
    expect(kinds).toContain('payout_leg')
  })
})

describe('transfers against the ledger and the provider', () => {
  it('a processed transfer whose amount changed: transfer_not_booked, and the provider’s differs', async () => {
    const t =
      await one(sql`select id from transfers where status = 'processed' and provider_payment_id <> 'direct'
      order by created_at limit 1`)
    const kinds = await corrupted(
      () => exec(sql`update transfers set amount_paise = amount_paise + 100 where id = ${t.id}`),
      () => exec(sql`update transfers set amount_paise = amount_paise - 100 where id = ${t.id}`),
    )
    expect(kinds).toEqual([
      'freelancer_balance',
      'provider_payouts_balance',
      'provider_transfer_differs',
      'transfer_not_booked',
    ])
  })
})

describe('GET /api/v1/admin/money', () => {
  it('401 without a session', async () => {
    expect((await get(null, MONEY)).statusCode).toBe(401)
  })
  it('403 for a client and for a freelancer', async () => {
    expect((await get(asha, MONEY)).statusCode).toBe(403)
    expect((await get(ravi, MONEY)).statusCode).toBe(403)
  })
  it('the latest run with its mismatches, in the page’s shape', async () => {
    const fy = '2032-33'
    await exec(sql`insert into invoice_counters (financial_year, last_seq) values (${fy}, 2)`)
    try {
      const ran = (await post(operator, RUN)).json()
      const res = await get(operator, MONEY)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({
        success: true,
        lastRun: { _id: ran.run._id, mismatches: 1, error: null },
        mismatches: [{ kind: 'invoice_gap', subject: fy, expected: 'serials 1..2', actual: '2 missing' }],
        retry: { refunds: expect.any(Boolean), transfers: expect.any(Boolean) },
      })
      expect(Array.isArray(body.failedRefunds) && Array.isArray(body.failedTransfers)).toBe(true)
      expect(Array.isArray(body.stuck)).toBe(true)
    } finally {
      await exec(sql`delete from invoice_counters where financial_year = ${fy}`)
    }
  })
})

describe('failed and stuck money out on the page', () => {
  it('a refund the provider failed is listed in rupees; pending for over an hour it is stuck instead', async () => {
    // The sandbox fails refunds whose paise end in 13 (ADR 050).
    const job = await hiredJob(ctx.app, asha, null, perUnit(2, '120.13'))
    await fund(ctx.app, asha, job._id, { units: 1 })
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const refund = await one(sql`select id from refunds where job_id = ${job._id}::uuid`)
    const page = (await get(operator, MONEY)).json()
    expect(page.retry.refunds).toBe(true)
    expect(page.failedRefunds).toContainEqual(
      expect.objectContaining({
        _id: refund.id,
        type: 'refund',
        amount: 120.13,
        status: 'failed',
        failureReason: expect.any(String),
        jobId: job._id,
      }),
    )
    expect(page.stuck.map((x: { _id: string }) => x._id)).not.toContain(refund.id)
    // A clean ledger still: a failed refund waits in provider:refunds.
    expect(await runKinds()).toEqual([])
    // Sent again, it fails again; the provider keeps the first attempt too, which is no mismatch.
    const retried = await post(operator, `/api/v1/refunds/${refund.id}/retry`)
    expect(retried.statusCode).toBe(200)
    expect(await runKinds()).toEqual([])

    await exec(sql`update refunds set status = 'pending', created_at = now() - interval '2 hours'
      where id = ${refund.id}`)
    try {
      const later = (await get(operator, MONEY)).json()
      expect(later.stuck).toContainEqual(expect.objectContaining({ _id: refund.id, status: 'pending' }))
      expect(later.failedRefunds.map((x: { _id: string }) => x._id)).not.toContain(refund.id)
    } finally {
      await exec(sql`update refunds set status = 'failed' where id = ${refund.id}`)
    }
  })
})

describe('the provider’s lists against our rows', () => {
  const ours = [
    { id: 'r1', providerId: 'rfnd_1', reference: 'ref1', amountPaise: 5000, status: 'processed' },
    { id: 'r2', providerId: 'rfnd_2', reference: 'ref2', amountPaise: 700, status: 'failed' },
    { id: 'r3', providerId: null, reference: 'ref3', amountPaise: 900, status: 'pending' },
    { id: 'r4', providerId: null, reference: 'ref4', amountPaise: 300, status: 'failed' },
  ]
  it('the same refunds by id, amount and status: nothing', () => {
    const theirs = [
      { id: 'rfnd_1', amountPaise: 5000, status: 'processed', reference: 'ref1' },
      { id: 'rfnd_2', amountPaise: 700, status: 'failed', reference: 'ref2' },
    ]
    expect(compareItems('refund', 'pay_1', ours, theirs)).toEqual([])
  })
  it('one missing, one of another amount, one unknown and one adopted by reference', () => {
    const theirs = [
      { id: 'rfnd_1', amountPaise: 4999, status: 'processed', reference: 'ref1' },
      { id: 'rfnd_9', amountPaise: 100, status: 'processed', reference: 'elsewhere' },
      { id: 'rfnd_4', amountPaise: 300, status: 'processed', reference: 'ref4' },
    ]
    const found = compareItems('refund', 'pay_1', ours, theirs).map((m) => [m.kind, m.subject])
    expect(found).toEqual([
      ['provider_refund_differs', 'r1'],
      ['provider_refund_unknown', 'rfnd_9'],
      ['provider_refund_differs', 'r4'],
      ['provider_refund_missing', 'r2'],
    ])
  })
  it('an earlier failed attempt of a retried refund is no unknown refund; a processed one is', () => {
    const retried = [
      { id: 'r5', providerId: 'rfnd_6', reference: 'ref5', amountPaise: 100, status: 'failed' },
    ]
    const attempts = (status: string) => [
      { id: 'rfnd_5', amountPaise: 100, status, reference: 'ref5' },
      { id: 'rfnd_6', amountPaise: 100, status: 'failed', reference: 'ref5' },
    ]
    expect(compareItems('refund', 'pay_2', retried, attempts('failed'))).toEqual([])
    expect(compareItems('refund', 'pay_2', retried, attempts('processed')).map((m) => m.kind)).toEqual([
      'provider_refund_unknown',
    ])
  })
  it('a pending row is in flight: the provider may be ahead of it', () => {
    const theirs = [
      { id: 'rfnd_1', amountPaise: 5000, status: 'processed', reference: 'ref1' },
      { id: 'rfnd_2', amountPaise: 700, status: 'failed', reference: 'ref2' },
      { id: 'rfnd_3', amountPaise: 900, status: 'processed', reference: 'ref3' },
    ]
    expect(compareItems('refund', 'pay_1', ours, theirs)).toEqual([])
  })
  it('a transfer Razorpay still calls created is our pending one', () => {
    const t = [{ id: 't1', providerId: 'trf_1', reference: 'x', amountPaise: 100, status: 'pending' }]
    const theirs = [{ id: 'trf_1', amountPaise: 100, status: 'created', reference: 'x' }]
    expect(compareItems('transfer', 'pay_1', t, theirs)).toEqual([])
  })
})

/** A second app on the same database (PostgreSQL: its own pool; PGlite: the same in-process database). */
async function secondInstance(a: TestCtx): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (a.schemaName) {
    const b = await createTestApp({ DATA_DIR: a.dataDir }, { schemaName: a.schemaName, migrate: false })
    return { app: b.app, close: b.close }
  }
  return appOnSameDatabase(a)
}
describe('the daily run across two instances', () => {
  it('when both find it due, exactly one runs it and writes one run; the next is a day later', async () => {
    const b = await secondInstance(ctx)
    try {
      await exec(
        sql`insert into scheduled_tasks (name) values (${RECONCILIATION_TASK}) on conflict do nothing`,
      )
      await exec(sql`update scheduled_tasks set next_run_at = now() - interval '1 second', lease_owner = null,
        lease_until = null where name = ${RECONCILIATION_TASK}`)
      const before = Number((await one(sql`select count(*)::int as n from reconciliation_runs`)).n)
      const outcomes = await Promise.all([
        ctx.app.tasks.runDue(RECONCILIATION_TASK),
        b.app.tasks.runDue(RECONCILIATION_TASK),
      ])
      expect([...outcomes].sort()).toEqual(['not_due', 'ran'])
      expect(Number((await one(sql`select count(*)::int as n from reconciliation_runs`)).n)).toBe(before + 1)
      const task = await one(sql`select next_run_at - last_started_at as gap, last_error from scheduled_tasks
        where name = ${RECONCILIATION_TASK}`)
      expect(task.last_error).toBeNull()
      expect(String(task.gap)).toMatch(/^(1 day|24:00:00)$/)
    } finally {
      await b.close()
    }
  })
})
