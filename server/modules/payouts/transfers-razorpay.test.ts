import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { signedWebhook, signUpOperator, standInEnv, until } from '../../test/money'
import { hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import {
  standInRoute,
  startRazorpayStandIn,
  type RazorpayStandIn,
  type StandInRequest,
  type StandInTransferOutcome,
} from '../../test/razorpay-standin'
import { linkedAccountEvent } from './payouts.provider'
import { transferBodies } from './transfers.provider'

// Payout transfers against a stand-in of Razorpay's Route API (its rules, shapes and errors); on real PostgreSQL
// with DATABASE_URL.
const Razorpay = createRequire(import.meta.url)('razorpay') as new (o: {
  key_id: string
  key_secret: string
}) => {
  api: { rq: { defaults: { baseURL: string } } }
  payments: { transfer(id: string, p: object): Promise<any> }
  transfers: { create(p: object): Promise<any> }
  accounts: { create(p: object): Promise<any> }
  stakeholders: { create(account: string, p: object): Promise<any> }
  products: { requestProductConfiguration(account: string, p: object): Promise<any> }
}

const WEBHOOK_SECRET = 'standin_webhook_secret_payouts'
let ctx: TestCtx
let rzp: RazorpayStandIn
let asha: Session
let operator: Session
/** Transfers the stand-in holds, as Razorpay's transfer entities. */
const held: any[] = []
/** What the next transfers do, in turn: 'processed' (default), 'drop' (made, the answer lost), 'down' (503). */
const outcomes: StandInTransferOutcome[] = []

const now = () => Math.floor(Date.now() / 1000)
const rid = (p: string) => `${p}_${crypto.randomBytes(7).toString('hex')}`

beforeAll(async () => {
  rzp = await startRazorpayStandIn()
  standInRoute(rzp, { outcomes, held })
  ctx = await createTestApp({
    ...standInEnv(rzp, WEBHOOK_SECRET),
    PLATFORM_FEE_BPS: '1000',
  })
  asha = await signUp(ctx, { role: 'client', fullname: 'Asha Iyer' })
  operator = await signUpOperator(ctx)
})
afterAll(async () => {
  await ctx?.close()
  await rzp?.close()
})
beforeEach(() => {
  outcomes.length = 0
})

const q = async (query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)).rows as any[]
const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const signed = (url: string, body: object, eventId = rid('evt')) =>
  signedWebhook(ctx, WEBHOOK_SECRET, url, body, eventId)
/** The payout sweep, made due now. */
async function sweep() {
  await ctx.database.db.execute(
    sql`update scheduled_tasks set next_run_at = now() where name = 'payout-transfers'`,
  )
  await ctx.database.db.execute(
    sql`update transfers set next_attempt_at = now() where status = 'pending' and next_attempt_at is not null`,
  )
  expect(await ctx.app.tasks.runDue('payout-transfers')).toBe('ran')
}

/** Checkout through the stand-in: an order, a captured payment, the signed verify. Returns the payment id. */
async function pay(jobId: string, units?: number) {
  const order = await post(asha, '/api/payments/create-order', { jobId, ...(units ? { units } : {}) })
  expect(order.statusCode, order.body).toBe(200)
  const result = rzp.pay(order.json().orderId)
  expect((await post(asha, '/api/payments/verify', { jobId, ...result })).statusCode).toBe(200)
  return result.razorpay_payment_id
}
const contractOf = async (jobId: string) =>
  (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/contracts?jobId=${jobId}` })).json()
    .contracts[0]._id as string

/** A freelancer whose linked account Razorpay has activated (saved, then the product.route.activated webhook). */
async function activeFreelancer(name: string, pan: string) {
  const f = await signUp(ctx, { fullname: name })
  const put = await injectAs(ctx.app, f, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: { legalName: name, pan, state: 'Karnataka', bankAccount: '50100123456789', ifsc: 'HDFC0001234' },
  })
  expect(put.statusCode, put.body).toBe(200)
  const [a] = await q(sql`select * from payout_accounts where user_id = ${f.user._id}::uuid`)
  const activated = linkedAccountEvent(
    a.provider_account_id,
    a.provider_product_id,
    'activated',
    [],
    now() + 1,
  )
  expect((await signed('/api/v1/payouts/webhook', activated)).json().handled).toBe('product.route.activated')
  return { f, accountId: a.provider_account_id as string }
}
const transfersOf = (freelancerId: string) =>
  q(sql`select * from transfers where freelancer_id = ${freelancerId}::uuid order by created_at`)
const transferCalls = () => rzp.calls.filter((c) => c.path.includes('transfers'))
const shape = (c: StandInRequest) => ({
  method: c.method,
  path: c.path.replace(/pay_\w+/, ':payment'),
  auth: c.auth,
  body: c.body,
})

describe('payout transfers over HTTP, as the official razorpay package makes them', () => {
  it('transfers from the captured payment with Route’s body, then settles with the UTR', async () => {
    const { f, accountId } = await activeFreelancer('Ravi Kumar', 'ABCPK1234R')
    const job = await hiredJob(ctx.app, asha, f, { amount: '1000' })
    const paymentId = await pay(job._id)
    rzp.calls.length = 0
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(200)
    const [t] = await until('the transfer', async () => {
      const ts = await transfersOf(f.user._id)
      return ts[0]?.status === 'processed' && ts
    })
    // Listed first (a transfer already made is adopted), then made.
    expect(transferCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/payments/${paymentId}/transfers`,
      `POST /v1/payments/${paymentId}/transfers`,
    ])
    const ours = transferCalls()[1]
    expect(ours.body).toEqual({
      transfers: [
        {
          account: accountId,
          amount: 88_200,
          currency: 'INR',
          notes: { reference: t.reference, payout_id: t.payout_id },
          on_hold: false,
        },
      ],
    })
    expect(t.provider_transfer_id).toBe(held.at(-1).id)

    // The official client, pointed at the stand-in, for the same transfer from another payment.
    const other = await pay((await hiredJob(ctx.app, asha, null, { amount: '1000' }))._id)
    const instance = new Razorpay({ key_id: rzp.keyId, key_secret: rzp.keySecret })
    instance.api.rq.defaults.baseURL = rzp.url
    rzp.calls.length = 0
    await instance.payments.transfer(other, ours.body)
    expect(shape(rzp.calls[0])).toEqual(shape(ours))

    const settlement = {
      entity: 'event',
      account_id: accountId,
      event: 'settlement.processed',
      contains: ['settlement'],
      payload: {
        settlement: {
          entity: {
            id: 'setl_StandinSetl01',
            entity: 'settlement',
            amount: 88_200,
            status: 'processed',
            fees: 0,
            tax: 0,
            utr: 'UTIB000123456789',
            created_at: now() + 5,
          },
        },
      },
      created_at: now() + 5,
    }
    expect((await signed('/api/v1/payouts/webhook', settlement)).json().handled).toBe('settlement.processed')
    const payouts = (await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/payouts' })).json()
    expect(payouts.payouts[0]).toMatchObject({ status: 'paid', amount: 882, utr: 'UTIB000123456789' })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })

  it('sends a direct transfer as instance.transfers.create does', async () => {
    const instance = new Razorpay({ key_id: rzp.keyId, key_secret: rzp.keySecret })
    instance.api.rq.defaults.baseURL = rzp.url
    const request = {
      account: 'acc_StandinDirect1',
      amount: 50_000,
      reference: 'ml_trf_direct',
      payoutId: 'p1',
    }
    rzp.calls.length = 0
    await instance.transfers.create(transferBodies(request).direct)
    expect(rzp.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/v1/transfers',
        {
          account: 'acc_StandinDirect1',
          amount: 50_000,
          currency: 'INR',
          notes: {
            reference: 'ml_trf_direct',
            payout_id: 'p1',
          },
        },
      ],
    ])
  })

  it('creates linked accounts as accounts.create, stakeholders.create, products.requestProductConfiguration do', async () => {
    rzp.calls.length = 0
    await activeFreelancer('Nisha Rao', 'ABCPN1234F')
    const ours = rzp.calls.filter((c) => c.path.startsWith('/v2/')).slice(0, 3)
    const instance = new Razorpay({ key_id: rzp.keyId, key_secret: rzp.keySecret })
    instance.api.rq.defaults.baseURL = rzp.url
    rzp.calls.length = 0
    const acc = await instance.accounts.create(ours[0].body)
    await instance.stakeholders.create(acc.id, ours[1].body)
    await instance.products.requestProductConfiguration(acc.id, ours[2].body)
    const norm = (c: StandInRequest) => ({ ...shape(c), path: c.path.replace(/acc_[0-9a-f]+/g, ':account') })
    expect(rzp.calls.map(norm)).toEqual(ours.map(norm))
  })
})

describe('crash safety and failures', () => {
  it('a transfer whose answer was lost is adopted on the retry: exactly one transfer', async () => {
    const { f } = await activeFreelancer('Meera Shah', 'ABCPM1234S')
    const job = await hiredJob(ctx.app, asha, f, { amount: '1000' })
    const paymentId = await pay(job._id)
    outcomes.push('drop')
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(200)
    const [pending] = await until('the lost answer', async () => {
      const ts = await transfersOf(f.user._id)
      return ts[0]?.attempts >= 1 && ts[0].failure_reason && ts
    })
    expect(pending).toMatchObject({ status: 'pending', provider_transfer_id: null })
    expect(held.filter((t) => t.source === paymentId)).toHaveLength(1)
    rzp.calls.length = 0
    await sweep()
    const [t] = await transfersOf(f.user._id)
    expect(t).toMatchObject({
      status: 'processed',
      provider_transfer_id: held.find((h) => h.source === paymentId).id,
    })
    expect(held.filter((h) => h.source === paymentId)).toHaveLength(1)
    expect(transferCalls().map((c) => c.method)).toEqual(['GET'])
    const booked = await q(sql`select count(*)::int as n from ledger_transactions
      where kind = 'payout' and idempotency_key = ${`payout:${t.id}`}`)
    expect(booked[0].n).toBe(1)
  })

  it('transfer.failed marks it failed; an operator’s retry makes a new transfer that is processed', async () => {
    const { f } = await activeFreelancer('Kiran Rao', 'ABCPR1234K')
    const job = await hiredJob(ctx.app, asha, f, { amount: '1000' })
    await pay(job._id)
    // Razorpay answers pending; the webhook says failed.
    rzp.handle('POST', '/v1/payments/:id/transfers', (req) => {
      const b = req.body.transfers[0]
      const t = {
        id: rid('trf'),
        entity: 'transfer',
        status: 'pending',
        source: req.params.id,
        recipient: b.account,
        amount: b.amount,
        currency: 'INR',
        notes: b.notes,
        on_hold: false,
        created_at: now(),
        processed_at: null,
      }
      held.push(t)
      return { body: { entity: 'collection', count: 1, items: [t] } }
    })
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(200)
    const [pending] = await until('the pending transfer', async () => {
      const ts = await transfersOf(f.user._id)
      return ts[0]?.provider_transfer_id && ts
    })
    standInRoute(rzp, { outcomes, held })
    held.find((h) => h.id === pending.provider_transfer_id).status = 'failed'
    const failed = {
      entity: 'event',
      account_id: 'acc_Merchant',
      event: 'transfer.failed',
      contains: ['transfer'],
      payload: {
        transfer: {
          entity: {
            ...held.find((h) => h.id === pending.provider_transfer_id),
            status: 'failed',
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Linked account is not active',
              reason: 'account_inactive',
            },
          },
        },
      },
      created_at: now(),
    }
    expect((await signed('/api/v1/payouts/webhook', failed)).json().handled).toBe('transfer.failed')
    const payouts = (await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/payouts' })).json()
    expect(payouts.payouts[0]).toMatchObject({
      status: 'failed',
      failureReason: 'Linked account is not active',
    })
    const retry = await post(operator, `/api/v1/transfers/${pending.id}/retry`)
    expect(retry.statusCode).toBe(200)
    const all = await transfersOf(f.user._id)
    expect(all.map((t) => t.status)).toEqual(['failed', 'processed'])
    expect(all[1].reference).not.toBe(all[0].reference)
    const after = (await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/payouts' })).json()
    expect(after.payouts[0].status).toBe('paid')
    expect((await post(operator, `/api/v1/transfers/${all[1].id}/retry`)).statusCode).toBe(409)
  })

  it('never from a payment whose refund has started: a direct transfer from the balance instead', async () => {
    const { f } = await activeFreelancer('Anil Das', 'ABCPD1234A')
    const job = await hiredJob(ctx.app, asha, f, { ...perUnit(4, '500'), amount: '' })
    const paymentId = await pay(job._id, 4)
    // Release while the account waits (no kick reaches the provider yet), then refund the rest.
    await ctx.database.db.execute(
      sql`update payout_accounts set status = 'under_review' where user_id = ${f.user._id}::uuid`,
    )
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 })).statusCode).toBe(200)
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    expect(rzp.refunds.some((r) => r.payment_id === paymentId)).toBe(true)
    const [a] = await q(sql`select * from payout_accounts where user_id = ${f.user._id}::uuid`)
    const again = linkedAccountEvent(
      a.provider_account_id,
      a.provider_product_id,
      'activated',
      [],
      now() + 10,
    )
    expect((await signed('/api/v1/payouts/webhook', again)).json().handled).toBe('product.route.activated')
    const [t] = await until('the transfer', async () => {
      const ts = await transfersOf(f.user._id)
      return ts[0]?.status === 'processed' && ts
    })
    expect(t.provider_payment_id).toBe('direct')
    expect(held.filter((h) => h.source === paymentId)).toEqual([])
    expect(held.find((h) => h.id === t.provider_transfer_id)).toMatchObject({ source: 'acc_StandinMerchant' })
    expect(await contractOf(job._id)).toEqual(expect.any(String))
  })
})
