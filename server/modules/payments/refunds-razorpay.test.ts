import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { signUpOperator, standInEnv } from '../../test/money'
import { hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { startRazorpayStandIn, type RazorpayStandIn } from '../../test/razorpay-standin'
import { accountKey, ledgerRepo } from './ledger.repo'
import { createProvider } from './payments.provider'
import { refundFlow } from './refunds'

// Refunds against a stand-in of Razorpay's API (its rules, shapes and errors); on real PostgreSQL with DATABASE_URL.
const Razorpay = createRequire(import.meta.url)('razorpay') as new (o: {
  key_id: string
  key_secret: string
}) => {
  api: { rq: { defaults: { baseURL: string } } }
  payments: { refund(id: string, p: object): Promise<any> }
}

const WEBHOOK_SECRET = 'standin_webhook_secret_abcdef'
let ctx: TestCtx
let rzp: RazorpayStandIn
let asha: Session
let ravi: Session
let operator: Session
beforeAll(async () => {
  rzp = await startRazorpayStandIn()
  ctx = await createTestApp({
    ...standInEnv(rzp, WEBHOOK_SECRET),
  })
  asha = await signUp(ctx, { role: 'client', fullname: 'Asha Iyer' })
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
  operator = await signUpOperator(ctx)
})
afterAll(async () => {
  await ctx?.close()
  await rzp?.close()
})
beforeEach(() => {
  rzp.refundOutcomes = []
})

const db = () => ctx.database.db
const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })

/** Checkout through the stand-in: an order, a captured payment, the signed verify. Returns the payment id. */
async function pay(jobId: string, units: number) {
  const order = await post(asha, '/api/payments/create-order', { jobId, units })
  expect(order.statusCode, order.body).toBe(200)
  const result = rzp.pay(order.json().orderId)
  expect((await post(asha, '/api/payments/verify', { jobId, ...result })).statusCode).toBe(200)
  return result.razorpay_payment_id
}
const rowsOf = async (jobId: string) =>
  (
    await db().execute(
      sql`select * from refunds where job_id = ${jobId}::uuid order by created_at, amount_paise desc`,
    )
  ).rows as any[]
const settled = async (jobId: string) =>
  Number(
    (
      await db().execute(
        sql`select count(*)::int as n from ledger_transactions where job_id = ${jobId}::uuid and kind = 'refund_settled'`,
      )
    ).rows[0].n,
  )
const refundCalls = () => rzp.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/refund'))
const webhook = (body: object, eventId = `evt_${crypto.randomBytes(7).toString('hex')}`) => {
  const raw = JSON.stringify(body)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  })
}
const refundEvent = (event: string, refund: object) => ({
  entity: 'event',
  account_id: 'acc_Standin',
  event,
  contains: ['refund', 'payment'],
  payload: { refund: { entity: refund } },
  created_at: Math.floor(Date.now() / 1000),
})
/** The scheduled sweep, made due now (as 30 s later). */
async function sweep() {
  await db().execute(sql`update scheduled_tasks set next_run_at = now() where name = 'refunds'`)
  expect(await ctx.app.tasks.runDue('refunds')).toBe('ran')
}

describe('refunds over HTTP, as the official razorpay package makes them', () => {
  it('sends the same method, path and body shape as instance.payments.refund', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    const paymentId = await pay(job._id, 2)
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const ours = refundCalls().at(-1)!
    const [row] = await rowsOf(job._id)
    expect(ours.path).toBe(`/v1/payments/${paymentId}/refund`)
    expect(ours.body).toEqual({
      amount: 100_000,
      speed: 'optimum',
      receipt: row.reference,
      notes: { jobId: job._id, contractId: row.contract_id, reference: row.reference },
    })

    // The official client, pointed at the stand-in, for the same kind of refund on another payment.
    const other = await pay((await hiredJob(ctx.app, asha, null, perUnit(4)))._id, 2)
    const instance = new Razorpay({ key_id: rzp.keyId, key_secret: rzp.keySecret })
    instance.api.rq.defaults.baseURL = rzp.url
    const made = await instance.payments.refund(other, ours.body)
    const theirs = refundCalls().at(-1)!
    expect({ method: theirs.method, path: theirs.path.replace(other, 'P'), auth: theirs.auth }).toEqual({
      method: ours.method,
      path: ours.path.replace(paymentId, 'P'),
      auth: ours.auth,
    })
    expect(theirs.body).toEqual(ours.body)
    expect(made).toMatchObject({ entity: 'refund', amount: 100_000, payment_id: other, status: 'processed' })
    expect(made.id).toMatch(/^rfnd_/)
  })

  it('the stand-in holds Razorpay’s rules: basic auth, paise integers, refunds ≤ captured − refunded', async () => {
    const paymentId = await pay((await hiredJob(ctx.app, asha, null, perUnit(2)))._id, 1)
    const instance = new Razorpay({ key_id: rzp.keyId, key_secret: rzp.keySecret })
    instance.api.rq.defaults.baseURL = rzp.url
    const refusal = async (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e) => e,
      )
    expect(await refusal(instance.payments.refund(paymentId, { amount: 100.5 }))).toMatchObject({
      statusCode: 400,
      error: { code: 'BAD_REQUEST_ERROR' },
    })
    await instance.payments.refund(paymentId, { amount: 30_000 })
    const over = await refusal(instance.payments.refund(paymentId, { amount: 20_001 }))
    expect(over).toMatchObject({
      statusCode: 400,
      error: { description: 'The refund amount provided is greater than amount captured' },
    })
    const wrong = new Razorpay({ key_id: rzp.keyId, key_secret: 'not-the-secret' })
    wrong.api.rq.defaults.baseURL = rzp.url
    expect(await refusal(wrong.payments.refund(paymentId, { amount: 100 }))).toMatchObject({
      statusCode: 401,
    })
  })
})

describe('pending at the provider, settled by its webhook', () => {
  it('refund.processed settles once; a replay or the same news under another event id changes nothing', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await pay(job._id, 1)
    await pay(job._id, 2)
    rzp.refundOutcomes = ['pending', 'pending']
    const clientBefore = await ledgerRepo.balance(db(), accountKey.client(asha.user._id))
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const rows = await rowsOf(job._id)
    expect(rows.map((r) => [Number(r.amount_paise), r.status])).toEqual([
      [100_000, 'pending'],
      [50_000, 'pending'],
    ])
    expect(rows.every((r) => r.provider_refund_id?.startsWith('rfnd_'))).toBe(true)
    expect(await settled(job._id)).toBe(0)

    const made = rzp.refunds.find((r) => r.id === rows[0].provider_refund_id)!
    made.status = 'processed'
    made.acquirer_data.arn = '74836000000000000000123'
    const event = refundEvent('refund.processed', made)
    expect((await webhook(event, 'evt_RefundDone0001')).json()).toMatchObject({
      duplicate: false,
      handled: 'refund.processed',
    })
    expect((await webhook(event, 'evt_RefundDone0001')).json()).toMatchObject({ duplicate: true })
    expect((await webhook(event, 'evt_RefundDone0002')).json()).toMatchObject({ handled: 'unchanged' })
    const [done, still] = await rowsOf(job._id)
    expect(done).toMatchObject({ status: 'processed', bank_reference: '74836000000000000000123' })
    expect(still.status).toBe('pending')
    expect(await settled(job._id)).toBe(1)
    expect((await ledgerRepo.balance(db(), accountKey.client(asha.user._id))) - clientBefore).toBe(100_000)
    const told = await db().execute(
      sql`select message from notifications where metadata->>'jobId' = ${job._id} and type = 'payment_refunded'
          and message like '%back on your card/UPI%'`,
    )
    expect(told.rows.map((r: any) => r.message)).toEqual([
      `₹1,000.00 is back on your card/UPI for “${job.title}”`,
    ])
  })

  it('refund.failed fails a pending refund; an operator’s retry makes a new one that is processed', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await pay(job._id, 1)
    rzp.refundOutcomes = ['failed']
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    const made = rzp.refunds.find((r) => r.id === row.provider_refund_id)!
    expect(made.status).toBe('failed')
    expect((await webhook(refundEvent('refund.failed', made))).json().handled).toBe('refund.failed')
    expect((await rowsOf(job._id))[0]).toMatchObject({ status: 'failed', failure_reason: expect.any(String) })

    const retried = await post(operator, `/api/v1/refunds/${row.id}/retry`)
    expect(retried.statusCode, retried.body).toBe(200)
    expect(retried.json().refund).toMatchObject({ status: 'processed', amount: 500 })
    const live = rzp.refunds.filter((r) => r.payment_id === row.provider_payment_id && r.status !== 'failed')
    expect(live).toHaveLength(1)
    expect(await settled(job._id)).toBe(1)
    // A late refund.failed for the first attempt changes nothing now.
    expect((await webhook(refundEvent('refund.failed', made))).json().handled).toBe('unchanged')
    expect((await rowsOf(job._id))[0].status).toBe('processed')
  })

  it('a refusal (400) fails at once; an unreachable provider is retried with backoff', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await pay(job._id, 1)
    rzp.refundOutcomes = ['down']
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, provider_refund_id: null })
    const wait = new Date(row.next_attempt_at).getTime() - Date.now()
    expect(wait).toBeGreaterThan(20_000)
    expect(wait).toBeLessThan(40_000)

    await db().execute(sql`update refunds set next_attempt_at = now() where id = ${row.id}::uuid`)
    rzp.refundOutcomes = ['refuse']
    await sweep()
    expect((await rowsOf(job._id))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      failure_reason: 'The payment has been fully refunded already',
    })
  })
})

describe('a crash between the provider’s refund and our commit', () => {
  it('the retry adopts the provider’s refund: one refund at the provider, settled once, ledger balanced', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    const paymentId = await pay(job._id, 3)
    rzp.refundOutcomes = ['down'] // the call right after the commit does not get through
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    await db().execute(sql`update refunds set next_attempt_at = now() where id = ${row.id}::uuid`)

    // This process makes the refund at the provider and dies before writing down its answer.
    const crashing = refundFlow({
      db: db(),
      provider: createProvider(ctx.app.config),
      hooks: {
        afterProviderCall() {
          throw new Error('killed after the provider call')
        },
      },
    })
    await crashing.send([row.id])
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1)
    expect((await rowsOf(job._id))[0]).toMatchObject({ status: 'pending', provider_refund_id: null })

    // Its lease runs out; the sweep lists the payment's refunds and adopts ours instead of making another.
    await db().execute(sql`update refunds set next_attempt_at = now() where id = ${row.id}::uuid`)
    await sweep()
    const atProvider = rzp.refunds.filter((r) => r.payment_id === paymentId)
    expect(atProvider).toHaveLength(1)
    expect((await rowsOf(job._id))[0]).toMatchObject({
      status: 'processed',
      provider_refund_id: atProvider[0].id,
    })
    expect(await settled(job._id)).toBe(1)
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })

  it('an answer lost on the way back is adopted too', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    const paymentId = await pay(job._id, 1)
    rzp.refundOutcomes = ['drop']
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    const [row] = await rowsOf(job._id)
    expect(row.status).toBe('pending')
    await db().execute(sql`update refunds set next_attempt_at = now() where id = ${row.id}::uuid`)
    await sweep()
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1)
    expect((await rowsOf(job._id))[0].status).toBe('processed')
  })
})

describe('a storm of refunds and releases at once', () => {
  it('never refunds more than was captured, and every rupee resolves once', async () => {
    for (let round = 0; round < 3; round++) {
      const job = await hiredJob(ctx.app, asha, ravi, perUnit(6))
      const ids = [await pay(job._id, 2), await pay(job._id, 3), await pay(job._id, 1)]
      const answers = await Promise.all([
        post(asha, '/api/v1/payments/refund', { jobId: job._id }),
        post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }),
        post(asha, '/api/v1/payments/refund', { jobId: job._id }),
        post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 }),
        post(asha, '/api/v1/payments/refund', { jobId: job._id }),
      ])
      expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 409)).toEqual([])
      const s = (
        await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/payments/job/${job._id}` })
      ).json().data
      expect(s.refunded + s.released).toBe(3000)
      const rows = await rowsOf(job._id)
      expect(rows.reduce((a, r) => a + Number(r.amount_paise), 0)).toBe(s.refunded * 100)
      expect(rows.filter((r) => r.status !== 'processed')).toEqual([])
      for (const id of ids) {
        const captured = rzp.payments.get(id)!.amount
        const refunded = rzp.refunds.filter((r) => r.payment_id === id).reduce((a, r) => a + r.amount, 0)
        expect(refunded).toBeLessThanOrEqual(captured)
      }
    }
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})
