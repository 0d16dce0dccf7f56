import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { razorpayId } from './payments.provider'

// The official package, only to cross-check our signatures against its validators.
const { validatePaymentVerification, validateWebhookSignature } = createRequire(import.meta.url)(
  'razorpay/dist/utils/razorpay-utils',
) as {
  validatePaymentVerification(
    p: { order_id: string; payment_id: string },
    sig: string,
    secret: string,
  ): boolean
  validateWebhookSignature(body: string, sig: string, secret: string): boolean
}

const KEY_ID = 'rzp_test_Standin1234'
const KEY_SECRET = 'standin_key_secret_0123456789'
const WEBHOOK_SECRET = 'standin_webhook_secret_abcdef'
const hmac = (secret: string, s: string) => crypto.createHmac('sha256', secret).update(s).digest('hex')

/** A local stand-in for Razorpay's Orders API: basic auth, POST /v1/orders, answers shaped like Razorpay's. */
function ordersStandIn() {
  const seen: { auth: string | undefined; body: any }[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const expected = 'Basic ' + Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')
      res.setHeader('content-type', 'application/json')
      if (req.headers.authorization !== expected) {
        res.statusCode = 401
        return res.end(
          JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }),
        )
      }
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.statusCode = 404
        return res.end(
          JSON.stringify({
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The requested URL was not found on the server.',
            },
          }),
        )
      }
      const body = JSON.parse(raw)
      seen.push({ auth: req.headers.authorization, body })
      if (!Number.isInteger(body.amount) || body.amount < 100) {
        res.statusCode = 400
        return res.end(
          JSON.stringify({
            error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' },
          }),
        )
      }
      res.end(
        JSON.stringify({
          id: razorpayId('order'),
          entity: 'order',
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: body.currency,
          receipt: body.receipt,
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: body.notes ?? [],
          created_at: Math.floor(Date.now() / 1000),
        }),
      )
    })
  })
  return { server, seen }
}

let ctx: TestCtx
let standIn: ReturnType<typeof ordersStandIn>
let asha: Session
let ravi: Session
beforeAll(async () => {
  standIn = ordersStandIn()
  await new Promise<void>((r) => standIn.server.listen(0, '127.0.0.1', r))
  const port = (standIn.server.address() as AddressInfo).port
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
  })
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(async () => {
  await ctx?.close()
  await new Promise((r) => standIn?.server.close(r))
})

const post = (s: Session | null, url: string, payload: object) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const webhook = (
  body: object,
  opts: { secret?: string; eventId?: string; signature?: string | null } = {},
) => {
  const raw = JSON.stringify(body)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const sig = opts.signature === undefined ? hmac(opts.secret ?? WEBHOOK_SECRET, raw) : opts.signature
  if (sig !== null) headers['x-razorpay-signature'] = sig
  headers['x-razorpay-event-id'] = opts.eventId ?? `evt_${crypto.randomBytes(7).toString('hex')}`
  return ctx.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: raw, headers })
}
const captured = (orderId: string, paymentId: string, amount: number) => ({
  entity: 'event',
  account_id: 'acc_Standin',
  event: 'payment.captured',
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: paymentId,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        method: 'card',
      },
    },
  },
  created_at: Math.floor(Date.now() / 1000),
})
const summary = async (jobId: string) =>
  (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/payments/job/${jobId}` })).json().data

describe('razorpay provider against a stand-in of the Orders API', () => {
  it('creates the order over HTTP with basic auth and the server’s amount in paise', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5, '499.5'))
    const res = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 2 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      amount: 999,
      currency: 'INR',
      keyId: KEY_ID,
      provider: 'razorpay',
    })
    expect(standIn.seen.at(-1)!.body).toMatchObject({ amount: 99900, currency: 'INR' })
    // The sandbox checkout does not exist with the real provider.
    expect(
      (await post(asha, '/api/payments/sandbox/pay', { orderId: res.json().orderId, outcome: 'success' }))
        .statusCode,
    ).toBe(404)
  })
  it('verifies a checkout signed with the key secret (as Razorpay signs it)', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const { orderId } = (await post(asha, '/api/payments/create-order', { jobId: job._id })).json()
    const paymentId = razorpayId('pay')
    const signature = hmac(KEY_SECRET, `${orderId}|${paymentId}`)
    expect(
      validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, KEY_SECRET),
    ).toBe(true)
    const ok = await post(asha, '/api/payments/verify', {
      jobId: job._id,
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    })
    expect(ok.statusCode).toBe(200)
    expect((await summary(job._id)).fundStatus).toBe('In Escrow')
  })
  it('answers "Failed to create Razorpay order" when the API refuses', async () => {
    const bad = await createTestApp({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: 'wrong-secret',
      RAZORPAY_API_URL: `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`,
    })
    try {
      const client = await signUp(bad, { role: 'client' })
      const job = await hiredJob(bad.app, client, null)
      const res = await injectAs(bad.app, client, {
        method: 'POST',
        url: '/api/payments/create-order',
        payload: { jobId: job._id },
      })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toMatchObject({ success: false, message: 'Failed to create Razorpay order' })
    } finally {
      await bad.close()
    }
  })
})

describe('POST /api/payments/webhook', () => {
  it('refuses a missing or wrong signature (400) and changes nothing', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const { orderId } = (await post(asha, '/api/payments/create-order', { jobId: job._id })).json()
    const body = captured(orderId, razorpayId('pay'), 1500000)
    const none = await webhook(body, { signature: null })
    expect(none.statusCode).toBe(400)
    expect(none.json().code).toBe('missing_signature')
    const wrong = await webhook(body, { secret: 'not-the-secret' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('bad_signature')
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
  })
  it('a verified payment.captured alone funds the job; a repeated event id changes nothing', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    const { orderId } = (await post(asha, '/api/payments/create-order', { jobId: job._id, units: 3 })).json()
    const body = captured(orderId, razorpayId('pay'), 150000)
    const raw = JSON.stringify(body)
    expect(validateWebhookSignature(raw, hmac(WEBHOOK_SECRET, raw), WEBHOOK_SECRET)).toBe(true)
    const first = await webhook(body, { eventId: 'evt_Dup00000000001' })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ success: true, duplicate: false })
    const again = await webhook(body, { eventId: 'evt_Dup00000000001' })
    expect(again.json()).toMatchObject({ success: true, duplicate: true })
    // The same payment under another event id (order.paid) books nothing more either.
    await webhook({
      ...body,
      event: 'order.paid',
      payload: { ...body.payload, order: { entity: { id: orderId } } },
    })
    expect(await summary(job._id)).toMatchObject({ fundStatus: 'In Escrow', funded: 1500, fundedUnits: 3 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
  it('ignores a captured amount that differs from the order; payment.failed leaves Not Initiated', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const { orderId } = (await post(asha, '/api/payments/create-order', { jobId: job._id })).json()
    expect((await webhook(captured(orderId, razorpayId('pay'), 100))).statusCode).toBe(200)
    const failed = captured(orderId, razorpayId('pay'), 1500000)
    failed.event = 'payment.failed'
    failed.payload.payment.entity.status = 'failed'
    expect((await webhook(failed)).statusCode).toBe(200)
    expect((await webhook({ event: 'refund.processed', payload: {} })).statusCode).toBe(200)
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
  })
})

describe('signatures agree with the official razorpay package', () => {
  it('on generated cases', async () => {
    const { createProvider } = await import('./payments.provider')
    const { loadConfig } = await import('../../config')
    const provider = createProvider(
      loadConfig({
        DATA_DIR: ctx.dataDir,
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      }),
    )
    for (let i = 0; i < 200; i++) {
      const order_id = razorpayId('order')
      const payment_id = razorpayId('pay')
      const good = provider.sign(order_id, payment_id)
      const forged = crypto.randomBytes(32).toString('hex')
      expect(provider.verifyPayment(order_id, payment_id, good)).toBe(true)
      expect(validatePaymentVerification({ order_id, payment_id }, good, KEY_SECRET)).toBe(true)
      expect(provider.verifyPayment(order_id, payment_id, forged)).toBe(
        validatePaymentVerification({ order_id, payment_id }, forged, KEY_SECRET),
      )
      const body = JSON.stringify({
        event: 'payment.captured',
        n: i,
        text: crypto.randomBytes(i % 40).toString('base64'),
      })
      const sig = i % 3 === 0 ? forged : hmac(WEBHOOK_SECRET, body)
      expect(provider.verifyWebhook(body, sig)).toBe(validateWebhookSignature(body, sig, WEBHOOK_SECRET))
    }
  })
})
