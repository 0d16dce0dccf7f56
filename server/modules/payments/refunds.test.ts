import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { checkout, fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { accountKey, ledgerRepo } from './ledger.repo'
import { planRefund } from './refunds'

// Refunds that reach the payer (ADR 050) with the sandbox provider: processed at once, failing on ₹x.13.
let ctx: TestCtx
let asha: Session
let ravi: Session
let operator: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { role: 'client', fullname: 'Asha Iyer' })
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
  operator = await signUp(ctx, { role: 'client', fullname: 'Ops Person' })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
})
afterAll(() => ctx?.close())

const db = () => ctx.database.db
const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const rowsOf = async (jobId: string) =>
  (
    await db().execute(
      sql`select r.*, p.created_at as paid_at from refunds r join payments p using (provider_payment_id)
          where r.job_id = ${jobId}::uuid order by r.created_at, paid_at desc`,
    )
  ).rows as any[]
const contractOf = async (jobId: string) => {
  const list = await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/contracts?jobId=${jobId}` })
  const id = list.json().contracts[0]._id
  return (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/contracts/${id}` })).json().contract
}
const settledCount = async (jobId: string) =>
  Number(
    (
      await db().execute(
        sql`select count(*)::int as n from ledger_transactions where job_id = ${jobId}::uuid and kind = 'refund_settled'`,
      )
    ).rows[0].n,
  )
const notes = async (s: Session) =>
  (await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/notification' })).json().notifications as any[]

describe('planRefund', () => {
  it('takes the newest payment first and the next one partly, never beyond what is left of each', () => {
    const payments = [
      { paymentId: 'pay_new', payerId: 'u', available: 150_000 },
      { paymentId: 'pay_mid', payerId: 'u', available: 0 },
      { paymentId: 'pay_old', payerId: 'u', available: 100_000 },
    ]
    expect(planRefund(payments, 200_000)).toEqual({
      parts: [
        { paymentId: 'pay_new', payerId: 'u', amountPaise: 150_000 },
        { paymentId: 'pay_old', payerId: 'u', amountPaise: 50_000 },
      ],
      unbacked: 0,
    })
    expect(planRefund(payments, 300_000).unbacked).toBe(50_000)
  })
})

describe('POST /api/v1/payments/refund through the provider', () => {
  it('refunds over two payments, newest first and the older partly; each processed and settled once', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 2 }) // older: ₹1,000
    await fund(ctx.app, asha, job._id, { units: 3 }) // newer: ₹1,500
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 })).statusCode).toBe(200)
    const clientBefore = await ledgerRepo.balance(db(), accountKey.client(asha.user._id))

    const res = await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ refunded: 2000, inEscrow: 0 })

    const rows = await rowsOf(job._id)
    expect(rows.map((r) => [Number(r.amount_paise), r.status])).toEqual([
      [150_000, 'processed'],
      [50_000, 'processed'],
    ])
    expect(new Date(rows[0].paid_at).getTime()).toBeGreaterThanOrEqual(new Date(rows[1].paid_at).getTime())
    expect(rows.every((r) => /^rfnd_[A-Za-z0-9]{14}$/.test(r.provider_refund_id))).toBe(true)
    expect(await settledCount(job._id)).toBe(2)
    // The money passed through provider:refunds and reached the client.
    expect(await ledgerRepo.balance(db(), accountKey.providerRefunds())).toBe(0)
    expect((await ledgerRepo.balance(db(), accountKey.client(asha.user._id))) - clientBefore).toBe(200_000)
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })

    const contract = await contractOf(job._id)
    expect(contract.escrow.refunded).toBe(2000)
    // One refund per payment; both made by the same refund, so in no particular order between them.
    const shown = [...contract.refunds].sort((a: any, b: any) => b.amount - a.amount)
    expect(shown.map((r: any) => [r.amount, r.status])).toEqual([
      [1500, 'processed'],
      [500, 'processed'],
    ])
    expect(shown[0].bankReference).toMatch(/^\d{23}$/)
    expect(shown[0].processedAt).toEqual(expect.any(String))
    const back = (await notes(asha)).filter((n) => n.message.includes('is back on your card/UPI'))
    expect(back.map((n) => n.message).sort()).toEqual([
      `₹1,500.00 is back on your card/UPI for “${job.title}”`,
      `₹500.00 is back on your card/UPI for “${job.title}”`,
    ])
  })

  it('a refund the provider fails stays in provider:refunds, shows as failed and tells the client', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(2, '333.13'))
    await fund(ctx.app, asha, job._id, { units: 1 })
    const providerBefore = await ledgerRepo.balance(db(), accountKey.providerRefunds())
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const [row] = await rowsOf(job._id)
    expect(row).toMatchObject({ status: 'failed', next_attempt_at: null })
    expect((await ledgerRepo.balance(db(), accountKey.providerRefunds())) - providerBefore).toBe(33_313)
    expect(await settledCount(job._id)).toBe(0)
    const contract = await contractOf(job._id)
    expect(contract.refunds).toEqual([
      expect.objectContaining({ amount: 333.13, status: 'failed', failureReason: expect.any(String) }),
    ])
    expect((await notes(asha)).map((n) => n.message)).toContain(
      `The refund of ₹333.13 for “${job.title}” to your card/UPI failed. Microlance will retry it.`,
    )
  })
})

describe('POST /api/v1/refunds/:id/retry', () => {
  it('401 anonymous, 403 for a client, 404 unknown, 409 unless failed', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(2))
    await fund(ctx.app, asha, job._id, { units: 1 })
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    expect(row.status).toBe('processed')
    expect((await post(null, `/api/v1/refunds/${row.id}/retry`)).statusCode).toBe(401)
    expect((await post(asha, `/api/v1/refunds/${row.id}/retry`)).statusCode).toBe(403)
    const unknown = await post(operator, '/api/v1/refunds/7d1e0b3e-8d6f-4a52-9a55-0c1f4b2f3a10/retry')
    expect(unknown.statusCode).toBe(404)
    expect((await post(operator, '/api/v1/refunds/not-a-uuid/retry')).statusCode).toBe(404)
    const done = await post(operator, `/api/v1/refunds/${row.id}/retry`)
    expect(done.statusCode).toBe(409)
    expect(done.json().code).toBe('refund_not_failed')
  })

  it('sends a failed refund again (the sandbox fails ₹x.13 every time) and answers its state', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(2, '120.13'))
    await fund(ctx.app, asha, job._id, { units: 1 })
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    const res = await post(operator, `/api/v1/refunds/${row.id}/retry`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'The refund failed again',
      refund: { _id: row.id, amount: 120.13, status: 'failed' },
    })
    const [after] = await rowsOf(job._id)
    expect(after.attempts).toBe(1)
    expect(after.provider_refund_id).not.toBe(row.provider_refund_id)
  })
})

describe('a payment the job did not need', () => {
  it('is refunded at the provider from that very payment', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    // Two checkouts for the whole job at once: the second payment is not needed.
    const first = await checkout(ctx.app, asha, job._id)
    const second = await checkout(ctx.app, asha, job._id)
    for (const c of [first, second])
      expect((await post(asha, '/api/payments/verify', { jobId: job._id, ...c.result })).statusCode).toBe(200)
    const rows = await rowsOf(job._id)
    expect(rows.map((r) => [r.provider_payment_id, Number(r.amount_paise), r.status])).toEqual([
      [second.result.razorpay_payment_id, 1_500_000, 'processed'],
    ])
    expect(await settledCount(job._id)).toBe(1)
    const s = (
      await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/payments/job/${job._id}` })
    ).json()
    expect(s.data).toMatchObject({ funded: 30000, refunded: 15000, inEscrow: 15000 })
  })
})

describe('closing, archiving or deleting a job with money held', () => {
  it('closing refunds through the provider', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await fund(ctx.app, asha, job._id, { units: 2 })
    const res = await post(asha, `/api/v1/job/${job._id}/status`, { action: 'close' })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await rowsOf(job._id)
    expect(rows.map((r) => [Number(r.amount_paise), r.status])).toEqual([[100_000, 'processed']])
    expect(await settledCount(job._id)).toBe(1)
  })

  it('deleting refunds through the provider first, and the client hears of it', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(4))
    await fund(ctx.app, asha, job._id, { units: 3 })
    const res = await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/job/${job._id}` })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await rowsOf(job._id)
    expect(rows.map((r) => [Number(r.amount_paise), r.status])).toEqual([[150_000, 'processed']])
    expect((await notes(asha)).map((n) => n.message)).toContain(
      '₹1,500.00 is back on your card/UPI for a job you deleted',
    )
  })

  it('money with no captured payment behind it (seeded) goes straight back, with no provider refund', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(2))
    await db().transaction(async (tx) => {
      await ledgerRepo.post(tx, {
        kind: 'fund',
        jobId: job._id,
        idempotencyKey: `fund:seed:${job._id}`,
        units: 1,
        actorId: asha.user._id,
        legs: [
          { kind: 'client', key: accountKey.client(asha.user._id), amountPaise: -50_000 },
          { kind: 'escrow', key: accountKey.escrow(job._id), amountPaise: 50_000 },
        ],
      })
    })
    const clientBefore = await ledgerRepo.balance(db(), accountKey.client(asha.user._id))
    const providerBefore = await ledgerRepo.balance(db(), accountKey.providerRefunds())
    const res = await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect(res.statusCode, res.body).toBe(200)
    expect(await rowsOf(job._id)).toEqual([])
    expect((await ledgerRepo.balance(db(), accountKey.client(asha.user._id))) - clientBefore).toBe(50_000)
    expect(await ledgerRepo.balance(db(), accountKey.providerRefunds())).toBe(providerBefore)
  })
})
