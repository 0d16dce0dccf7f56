import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { splitRelease } from '@common/tax'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { signUpOperator, until } from '../../test/money'
import { fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { allocate, retryDelayMs } from './transfers.rules'

// Sandbox payouts (ADR 050): a 10 % fee, the platform in Karnataka; accounts are reviewed in 1.5 s, transfers are
// processed at once and settle 2 s later with a UTR.
let ctx: TestCtx
let asha: Session // client
let admin: Session
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000', PLATFORM_STATE: 'Karnataka' })
  asha = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  admin = await signUpOperator(ctx, 'Operator One')
})
afterAll(() => ctx?.close())

const q = async <T = any>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)).rows as T[]
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })

/** Payout details for `s` (an individual with a PAN in Karnataka), read until the sandbox has activated them. */
async function activeAccount(s: Session, name: string, pan: string) {
  const put = await injectAs(ctx.app, s, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: { legalName: name, pan, state: 'Karnataka', bankAccount: '50100123456789', ifsc: 'HDFC0001234' },
  })
  expect(put.statusCode).toBe(200)
  await until('the account to be activated', async () => {
    const a = (await get(s, '/api/v1/payouts/account')).json().account
    return a.status === 'activated'
  })
}

async function releasedJob(f: Session, overrides: Record<string, unknown> = {}, units?: number) {
  const job = await hiredJob(ctx.app, asha, f, { amount: '1000', ...overrides })
  await fund(ctx.app, asha, job._id, units ? { units } : {})
  const contractId = (await get(asha, `/api/v1/contracts?jobId=${job._id}`)).json().contracts[0]._id
  return { job, contractId }
}
const release = (contractId: string, units?: number) =>
  injectAs(ctx.app, asha, {
    method: 'POST',
    url: '/api/v1/payments/release',
    payload: { contractId, ...(units ? { units } : {}) },
  })
const payoutsOf = async (s: Session) => (await get(s, '/api/v1/payouts')).json()
const transfersOf = (freelancerId: string) =>
  q(sql`select * from transfers where freelancer_id = ${freelancerId}::uuid order by created_at`)
const balance = async (key: string) =>
  Number(
    (
      await q(sql`select coalesce(sum(e.amount_paise), 0) as b from ledger_entries e
        join ledger_accounts a on a.id = e.account_id where a.key = ${key}`)
    )[0].b,
  )

describe('GET /api/v1/payouts', () => {
  it('401 without a session', async () => {
    expect((await get(null, '/api/v1/payouts')).statusCode).toBe(401)
  })
  it('shows only the caller’s own payouts', async () => {
    const f = await signUp(ctx, { fullname: 'Own Payouts' })
    const { contractId } = await releasedJob(f)
    await release(contractId)
    expect((await payoutsOf(f)).payouts).toHaveLength(1)
    expect((await payoutsOf(asha)).payouts).toEqual([])
  })
})

describe('from pending payout to the bank', () => {
  it('waits for payout details, then transfers, is processed and settles with a UTR', async () => {
    const ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
    const { job, contractId } = await releasedJob(ravi)
    expect((await release(contractId)).statusCode).toBe(200)
    const before = await payoutsOf(ravi)
    // No PAN yet: 5 % TDS. ₹1,000 − ₹100 fee − ₹18 GST − ₹50 TDS.
    expect(before).toMatchObject({ success: true, pendingPayout: 832, inTransit: 0, paidOut: 0 })
    expect(before.payouts[0]).toMatchObject({
      contractId,
      jobId: job._id,
      jobTitle: job.title,
      gross: 1000,
      fee: 100,
      gst: { cgst: 9, sgst: 9, igst: 0 },
      tds: 50,
      tcs: { cgst: 0, sgst: 0, igst: 0 },
      amount: 832,
      status: 'waiting_account',
      invoiceNumber: expect.stringMatching(/^ML\/\d\d-\d\d\/\d{6}$/),
    })
    expect(await transfersOf(ravi.user._id)).toEqual([])

    await activeAccount(ravi, 'Ravi Kumar', 'ABCPK1234R')
    const paid = await until('the payout to be paid', async () => {
      const p = (await payoutsOf(ravi)).payouts[0]
      return p.status === 'paid' && p
    })
    expect(paid.paidAt).toEqual(expect.any(String))
    const [t] = await transfersOf(ravi.user._id)
    expect(t).toMatchObject({ status: 'processed', amount_paise: expect.anything() })
    expect(Number(t.amount_paise)).toBe(83200)
    expect(t.provider_transfer_id).toMatch(/^trf_\w{14}$/)
    expect(t.provider_payment_id).toMatch(/^pay_/)
    expect(await balance(`freelancer:${ravi.user._id}`)).toBe(0)

    const settled = await until('the settlement’s UTR', async () => {
      const p = (await payoutsOf(ravi)).payouts[0]
      return p.utr && p
    })
    expect(settled.utr).toMatch(/^UTIB\d{12}$/)
    expect(await payoutsOf(ravi)).toMatchObject({ pendingPayout: 0, inTransit: 0, paidOut: 832 })
    const contract = (await get(ravi, `/api/v1/contracts/${contractId}`)).json().contract
    expect(contract.payouts).toEqual([
      expect.objectContaining({ gross: 1000, net: 832, status: 'paid', utr: settled.utr }),
    ])
    const told = await q<{ message: string }>(sql`select message from notifications
      where user_id = ${ravi.user._id}::uuid and metadata->>'jobId' = ${job._id} order by created_at`)
    expect(told.map((n) => n.message).slice(-3)).toEqual([
      expect.stringContaining('Add your payout details at /settings/payouts'),
      `₹832.00 for “${job.title}” is on its way to your bank`,
      `₹832.00 for “${job.title}” reached your bank (UTR ${settled.utr})`,
    ])
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  }, 30_000)
})

describe('a failed transfer', () => {
  /** A whole-rupee gross whose net (for a company: 0.1 % TDS) ends in 13 paise: the sandbox fails its first transfer. */
  const grossEndingIn13 = () => {
    for (let rupees = 1000; rupees < 5000; rupees++) {
      const s = splitRelease({
        grossPaise: rupees * 100,
        feeBps: 1000,
        platformState: 'Karnataka',
        freelancer: { state: 'Karnataka', hasPan: true, panEntity: 'company', hasGstin: false },
        fyGrossBeforePaise: 0,
      })
      if (s.netPaise % 100 === 13) return rupees
    }
    throw new Error('no such gross')
  }

  it('shows as failed with its reason, and an operator’s retry pays it with a second transfer', async () => {
    const meera = await signUp(ctx, { fullname: 'Meera Shah' })
    await activeAccount(meera, 'Meera Studio', 'AAACM1234S')
    const { contractId } = await releasedJob(meera, { amount: String(grossEndingIn13()) })
    expect((await release(contractId)).statusCode).toBe(200)
    const failed = await until('the transfer to fail', async () => {
      const p = (await payoutsOf(meera)).payouts[0]
      return p.status === 'failed' && p
    })
    expect(failed.failureReason).toMatch(/failed/)
    expect((await payoutsOf(meera)).inTransit).toBe(failed.amount)
    const [t] = await transfersOf(meera.user._id)
    expect(t).toMatchObject({ status: 'failed' })
    // Retried on its own after a backoff; an operator need not wait for it.
    expect(new Date(t.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000)

    const retry = (s: Session | null, id: string) =>
      injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/transfers/${id}/retry` })
    expect((await retry(null, t.id)).statusCode).toBe(401)
    expect((await retry(meera, t.id)).statusCode).toBe(403)
    expect((await retry(admin, crypto.randomUUID())).statusCode).toBe(404)
    expect((await retry(admin, 'not-a-transfer')).statusCode).toBe(404)
    const ok = await retry(admin, t.id)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, transfer: { _id: t.id, status: 'failed' } })
    const again = await retry(admin, t.id)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('not_failed')

    const all = await transfersOf(meera.user._id)
    expect(all.map((x) => x.status)).toEqual(['failed', 'processed'])
    expect(Number(all[1].amount_paise)).toBe(Math.round(failed.amount * 100))
    expect((await payoutsOf(meera)).payouts[0].status).toBe('paid')
    const processed = await retry(admin, all[1].id)
    expect(processed.statusCode).toBe(409)
    expect(await balance(`freelancer:${meera.user._id}`)).toBe(0)
  }, 30_000)

  it('backs off: 30 s, then doubling, at most six hours', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000])
    expect(retryDelayMs(40)).toBe(6 * 60 * 60_000)
  })
})

describe('where a transfer draws from', () => {
  it('allocates over payments oldest first, skips any with a refund started, and the rest from the balance', () => {
    const room = [
      { providerPaymentId: 'pay_A', captured: 1000, refunded: 0, transferred: 900, refundStarted: false },
      { providerPaymentId: 'pay_B', captured: 1000, refunded: 100, transferred: 0, refundStarted: true },
      { providerPaymentId: 'pay_C', captured: 500, refunded: 0, transferred: 0, refundStarted: false },
    ]
    expect(allocate(450, room)).toEqual([
      { providerPaymentId: 'pay_A', amount: 100 },
      { providerPaymentId: 'pay_C', amount: 350 },
    ])
    expect(allocate(800, room)).toEqual([
      { providerPaymentId: 'pay_A', amount: 100 },
      { providerPaymentId: 'pay_C', amount: 500 },
      { providerPaymentId: 'direct', amount: 200 },
    ])
  })

  it('never from a payment whose refund has started: a direct transfer instead', async () => {
    const kiran = await signUp(ctx, { fullname: 'Kiran Rao' })
    const { contractId } = await releasedJob(kiran, { ...perUnit(4, '500'), amount: '' }, 4)
    expect((await release(contractId, 2)).statusCode).toBe(200)
    // A refund of the rest has started on the contract's only payment (as the refund flow books it).
    const [pay] = await q(sql`select p.provider_payment_id, t.id as tx from payments p
      join payment_orders o on o.id = p.order_id
      join ledger_transactions t on t.contract_id = o.contract_id and t.kind = 'fund'
      where o.contract_id = ${contractId}::uuid`)
    await ctx.database.db
      .execute(sql`insert into refunds (reference, ledger_transaction_id, job_id, contract_id,
        client_id, provider_payment_id, amount_paise)
      select 'test_refund_' || ${contractId}, ${pay.tx}::uuid, job_id, id, client_id, ${pay.provider_payment_id}, 100000
        from contracts where id = ${contractId}::uuid`)
    await activeAccount(kiran, 'Kiran Rao', 'ABCPR1234K')
    await until('the payout to be paid', async () => (await payoutsOf(kiran)).payouts[0].status === 'paid')
    const ts = await transfersOf(kiran.user._id)
    expect(ts.map((t) => [t.provider_payment_id, t.status])).toEqual([['direct', 'processed']])
    expect(ts[0].provider_transfer_id).toMatch(/^trf_/)
  }, 30_000)

  it('never more than a payment’s captured − refunded, across all its transfers', async () => {
    const anil = await signUp(ctx, { fullname: 'Anil Das' })
    await activeAccount(anil, 'Anil Das', 'ABCPD1234A')
    const { contractId } = await releasedJob(anil, { ...perUnit(4, '500'), amount: '' }, 4)
    for (const units of [1, 2, 1]) expect((await release(contractId, units)).statusCode).toBe(200)
    await until('three payouts paid', async () =>
      (await payoutsOf(anil)).payouts.every((p: any) => p.status === 'paid'),
    )
    const [room] = await q(sql`select p.amount_paise as captured,
        (select coalesce(sum(t.amount_paise), 0) from transfers t where t.provider_payment_id = p.provider_payment_id
          and t.status in ('pending', 'processed')) as transferred
        from payments p join payment_orders o on o.id = p.order_id where o.contract_id = ${contractId}::uuid`)
    const nets = (await payoutsOf(anil)).payouts.reduce(
      (s: number, p: any) => s + Math.round(p.amount * 100),
      0,
    )
    expect(Number(room.transferred)).toBe(nets)
    expect(Number(room.transferred)).toBeLessThanOrEqual(Number(room.captured))
    expect((await transfersOf(anil.user._id)).every((t) => t.provider_payment_id !== 'direct')).toBe(true)
  }, 30_000)
})

describe('two instances sweeping at once', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'make exactly one transfer per payout and book each payout once',
    async () => {
      const other = await anotherInstance(ctx)
      try {
        const f = await signUp(ctx, { fullname: 'Storm Freelancer' })
        await activeAccount(f, 'Storm Freelancer', 'ABCPS1234T')
        // Released while the account is under review, so nothing moves until both instances sweep.
        await ctx.database.db.execute(
          sql`update payout_accounts set status = 'under_review' where user_id = ${f.user._id}::uuid`,
        )
        const contracts = []
        for (let i = 0; i < 8; i++) contracts.push((await releasedJob(f)).contractId)
        const answers = await Promise.all(contracts.map((c) => release(c)))
        expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200))
        await ctx.database.db.execute(
          sql`update payout_accounts set status = 'activated' where user_id = ${f.user._id}::uuid`,
        )
        await ctx.database.db.execute(
          sql`update payouts set status = 'queued' where freelancer_id = ${f.user._id}::uuid`,
        )
        const sweep = async (app: typeof ctx.app) => {
          await app.db.execute(
            sql`update scheduled_tasks set next_run_at = now() where name = 'payout-transfers'`,
          )
          return app.tasks.runDue('payout-transfers')
        }
        await Promise.all([sweep(ctx.app), sweep(other.app), sweep(ctx.app), sweep(other.app)])
        await until(
          'every payout paid',
          async () =>
            (await payoutsOf(f)).payouts.every((p: any) => p.status === 'paid') ||
            ((await sweep(other.app)) && false),
        )
        const ts = await transfersOf(f.user._id)
        expect(ts).toHaveLength(8)
        expect(new Set(ts.map((t) => t.payout_id)).size).toBe(8)
        const booked = await q(sql`select count(*)::int as n from ledger_transactions t
          where t.kind = 'payout' and t.idempotency_key in (select 'payout:' || id from transfers
                                                             where freelancer_id = ${f.user._id}::uuid)`)
        expect(booked[0].n).toBe(8)
        expect(await balance(`freelancer:${f.user._id}`)).toBe(0)
      } finally {
        await other.close()
      }
    },
    60_000,
  )
})
