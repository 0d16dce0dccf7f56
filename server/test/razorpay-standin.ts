import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { razorpayId } from '../modules/payments/payments.provider'

/*
 * A local stand-in for Razorpay's API under its rules: basic auth, paise integers, ids and entity shapes as Razorpay
 * sends them, `{error: {code: 'BAD_REQUEST_ERROR', description, …}}` refusals. Routes are a table of handlers
 * (`standIn.handle('POST', '/v1/payments/:id/transfers', fn)` adds one), so more of the API can be added without
 * touching the rest; every call is kept in `calls`.
 */

export interface StandInRequest {
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  body: any
  auth: string | undefined
}
export interface StandInAnswer {
  status?: number
  body: unknown
  /** Do the work but cut the connection instead of answering (the answer is lost on the way back). */
  drop?: boolean
}
export type StandInHandler = (
  req: StandInRequest,
  s: RazorpayStandIn,
) => StandInAnswer | Promise<StandInAnswer>

export interface StandInOrder {
  id: string
  amount: number
  currency: string
  receipt: string | null
  notes: Record<string, string>
  status: 'created' | 'paid'
  created_at: number
}
export interface StandInPayment {
  id: string
  order_id: string
  amount: number
  amount_refunded: number
  status: 'captured'
  created_at: number
}
export interface StandInRefund {
  id: string
  entity: 'refund'
  amount: number
  currency: 'INR'
  payment_id: string
  notes: Record<string, string>
  receipt: string | null
  acquirer_data: { arn: string | null }
  created_at: number
  batch_id: null
  status: 'pending' | 'processed' | 'failed'
  speed_requested: string
  speed_processed: string
}

export interface RazorpayStandIn {
  url: string
  keyId: string
  keySecret: string
  orders: Map<string, StandInOrder>
  payments: Map<string, StandInPayment>
  refunds: StandInRefund[]
  calls: StandInRequest[]
  /**
   * What the next refunds do, in turn: 'processed' (the default when empty), 'pending', 'failed' (made, then failed),
   * 'refuse' (400 BAD_REQUEST_ERROR, nothing made), 'drop' (made, the answer lost), 'down' (503, nothing made).
   */
  refundOutcomes: ('processed' | 'pending' | 'failed' | 'refuse' | 'drop' | 'down')[]
  /** Runs after a handler did its work and before its answer is sent (a test can crash the caller there). */
  beforeAnswer?: (req: StandInRequest, answer: StandInAnswer) => void | Promise<void>
  handle(method: string, pattern: string, fn: StandInHandler): void
  /** Captures a payment for an order, as Checkout would; returns what Checkout hands the browser. */
  pay(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  close(): Promise<void>
}

export const badRequest = (description: string, field?: string): StandInAnswer => ({
  status: 400,
  body: {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      ...(field ? { field } : {}),
    },
  },
})
const now = () => Math.floor(Date.now() / 1000)

/** The refunds of a payment that count against it (a failed one returned its money). */
const liveRefunded = (s: RazorpayStandIn, paymentId: string) =>
  s.refunds
    .filter((r) => r.payment_id === paymentId && r.status !== 'failed')
    .reduce((a, r) => a + r.amount, 0)

/** Orders and payments' refunds, as Razorpay answers them. */
const DEFAULT_HANDLERS: [string, string, StandInHandler][] = [
  [
    'POST',
    '/v1/orders',
    (req, s) => {
      const b = req.body ?? {}
      if (!Number.isInteger(b.amount) || b.amount < 100)
        return badRequest('The amount must be atleast INR 1.00', 'amount')
      const order: StandInOrder = {
        id: razorpayId('order'),
        amount: b.amount,
        currency: b.currency ?? 'INR',
        receipt: b.receipt ?? null,
        notes: b.notes ?? {},
        status: 'created',
        created_at: now(),
      }
      s.orders.set(order.id, order)
      return {
        body: {
          ...order,
          entity: 'order',
          amount_paid: 0,
          amount_due: order.amount,
          offer_id: null,
          attempts: 0,
        },
      }
    },
  ],
  [
    'POST',
    '/v1/payments/:id/refund',
    (req, s) => {
      const payment = s.payments.get(req.params.id)
      if (!payment) return badRequest('The id provided does not exist', 'id')
      const b = req.body ?? {}
      const amount = b.amount === undefined ? payment.amount - liveRefunded(s, payment.id) : b.amount
      if (!Number.isInteger(amount)) return badRequest('The amount must be an integer.', 'amount')
      if (amount < 100) return badRequest('The amount must be atleast INR 1.00', 'amount')
      if (amount > payment.amount - liveRefunded(s, payment.id))
        return badRequest('The refund amount provided is greater than amount captured', 'amount')
      const outcome = s.refundOutcomes.shift() ?? 'processed'
      if (outcome === 'refuse') return badRequest('The payment has been fully refunded already')
      if (outcome === 'down')
        return { status: 503, body: { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } } }
      const refund: StandInRefund = {
        id: `rfnd_${crypto.randomBytes(7).toString('hex')}`,
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: b.notes ?? {},
        receipt: b.receipt ?? null,
        acquirer_data: {
          arn: outcome === 'processed' || outcome === 'drop' ? String(crypto.randomInt(1e9, 1e10 - 1)) : null,
        },
        created_at: now(),
        batch_id: null,
        status: outcome === 'drop' ? 'processed' : outcome,
        speed_requested: b.speed ?? 'normal',
        speed_processed: b.speed === 'optimum' ? 'instant' : 'normal',
      }
      s.refunds.push(refund)
      payment.amount_refunded = liveRefunded(s, payment.id)
      // A failed refund is made, then fails: the answer still says pending (its webhook says failed).
      return {
        body: { ...refund, status: refund.status === 'failed' ? 'pending' : refund.status },
        drop: outcome === 'drop',
      }
    },
  ],
  [
    'GET',
    '/v1/payments/:id/refunds',
    (req, s) => {
      if (!s.payments.has(req.params.id)) return badRequest('The id provided does not exist', 'id')
      const items = s.refunds.filter((r) => r.payment_id === req.params.id).reverse()
      return { body: { entity: 'collection', count: items.length, items } }
    },
  ],
]

/** Starts the stand-in on a free local port. */
export async function startRazorpayStandIn(
  keyId = 'rzp_test_Standin1234',
  keySecret = 'standin_key_secret_0123456789',
): Promise<RazorpayStandIn> {
  const routes: { method: string; re: RegExp; names: string[]; fn: StandInHandler }[] = []
  const expected = 'Basic ' + Buffer.from(`${keyId}:${keySecret}`).toString('base64')
  const s: RazorpayStandIn = {
    url: '',
    keyId,
    keySecret,
    orders: new Map(),
    payments: new Map(),
    refunds: [],
    calls: [],
    refundOutcomes: [],
    handle(method, pattern, fn) {
      const names: string[] = []
      const re = new RegExp(
        '^' + pattern.replace(/:(\w+)/g, (_m, n: string) => (names.push(n), '([^/]+)')) + '$',
      )
      // A later handler for the same route replaces the earlier one.
      const at = routes.findIndex((r) => r.method === method && r.re.source === re.source)
      const entry = { method, re, names, fn }
      if (at >= 0) routes[at] = entry
      else routes.push(entry)
    },
    pay(orderId) {
      const order = s.orders.get(orderId)
      if (!order) throw new Error(`stand-in: no order ${orderId}`)
      const payment: StandInPayment = {
        id: razorpayId('pay'),
        order_id: orderId,
        amount: order.amount,
        amount_refunded: 0,
        status: 'captured',
        created_at: now(),
      }
      s.payments.set(payment.id, payment)
      order.status = 'paid'
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: payment.id,
        razorpay_signature: crypto
          .createHmac('sha256', keySecret)
          .update(`${orderId}|${payment.id}`)
          .digest('hex'),
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        res.statusCode = status
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify(body))
      }
      if (req.headers.authorization !== expected)
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
      const url = new URL(req.url ?? '/', 'http://standin')
      const route = routes.find((r) => r.method === req.method && r.re.test(url.pathname))
      if (!route)
        return send(404, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
        })
      let body: any = null
      if (raw) {
        try {
          body = JSON.parse(raw)
        } catch {
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'The request body is not JSON' },
          })
        }
      }
      const m = route.re.exec(url.pathname)!
      const params = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(m[i + 1])]))
      const call: StandInRequest = {
        method: req.method!,
        path: url.pathname,
        params,
        query: url.searchParams,
        body,
        auth: req.headers.authorization,
      }
      s.calls.push(call)
      const answer = await route.fn(call, s)
      await s.beforeAnswer?.(call, answer)
      if (answer.drop) return res.destroy()
      send(answer.status ?? 200, answer.body)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (const [method, pattern, fn] of DEFAULT_HANDLERS) s.handle(method, pattern, fn)
  return s
}

/** A Route transfer the stand-in holds, as Razorpay's transfer entity. */
export interface StandInTransfer {
  id: string
  entity: 'transfer'
  status: 'pending' | 'processed' | 'failed' | 'reversed'
  source: string
  recipient: string
  amount: number
  currency: string
  amount_reversed: number
  notes: Record<string, string>
  on_hold: boolean
  recipient_settlement_id: string | null
  created_at: number
  processed_at: number | null
}

/** What a transfer does: 'processed' (the default), 'drop' (made, the answer lost), 'down' (503, nothing made). */
export type StandInTransferOutcome = 'processed' | 'drop' | 'down'

/**
 * Adds Route's transfer endpoints (from a payment, direct from the balance, and their lists) and linked accounts to
 * a stand-in, under Razorpay's rules; returns the transfers it holds (in `held` when given, so the handlers can be
 * added again over the same transfers). `outcomes` (kept by the caller, taken from in turn) says what the next
 * transfers do; every transfer is processed when it is empty.
 */
export function standInRoute(
  s: RazorpayStandIn,
  o: { merchant?: string; outcomes?: StandInTransferOutcome[]; held?: StandInTransfer[] } = {},
): StandInTransfer[] {
  const held: StandInTransfer[] = o.held ?? []
  const merchant = o.merchant ?? 'acc_StandinMerchant'
  const rid = (p: string) => `${p}_${crypto.randomBytes(7).toString('hex')}`
  /** Makes a transfer as the next outcome says; the answer for a 'down' one. */
  const make = (source: string, b: any): { t: StandInTransfer; drop: boolean } | StandInAnswer => {
    const outcome = o.outcomes?.shift() ?? 'processed'
    if (outcome === 'down')
      return { status: 503, body: { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } } }
    const t: StandInTransfer = {
      id: rid('trf'),
      entity: 'transfer',
      status: 'processed',
      source,
      recipient: b.account,
      amount: b.amount,
      currency: b.currency,
      amount_reversed: 0,
      notes: b.notes ?? {},
      on_hold: b.on_hold ?? false,
      recipient_settlement_id: null,
      created_at: now(),
      processed_at: now(),
    }
    held.push(t)
    return { t, drop: outcome === 'drop' }
  }
  s.handle('POST', '/v1/payments/:id/transfers', (req) => {
    const payment = s.payments.get(req.params.id)
    if (!payment) return badRequest('The id provided does not exist', 'id')
    const list = req.body?.transfers
    if (!Array.isArray(list) || list.length !== 1) return badRequest('transfers is required', 'transfers')
    const b = list[0]
    if (!Number.isInteger(b.amount) || b.amount < 100)
      return badRequest('The amount must be atleast INR 1.00')
    if (b.currency !== 'INR') return badRequest('Currency is not supported', 'currency')
    if (s.refunds.some((r) => r.payment_id === payment.id))
      return badRequest('Transfer cannot be initiated on a payment with a refund in progress')
    // A failed or reversed transfer gave its amount back to the payment.
    const done = held
      .filter((t) => t.source === payment.id && t.status !== 'failed' && t.status !== 'reversed')
      .reduce((a, t) => a + t.amount, 0)
    if (b.amount > payment.amount - payment.amount_refunded - done)
      return badRequest('The sum of amount requested for transfer is greater than the captured amount')
    const r = make(payment.id, b)
    if (!('t' in r)) return r
    return { body: { entity: 'collection', count: 1, items: [r.t] }, drop: r.drop }
  })
  s.handle('GET', '/v1/payments/:id/transfers', (req) => {
    const items = held.filter((t) => t.source === req.params.id)
    return { body: { entity: 'collection', count: items.length, items } }
  })
  s.handle('POST', '/v1/transfers', (req) => {
    const b = req.body ?? {}
    if (!Number.isInteger(b.amount) || b.amount < 100)
      return badRequest('The amount must be atleast INR 1.00')
    const r = make(merchant, b)
    if (!('t' in r)) return r
    return { body: r.t, drop: r.drop }
  })
  s.handle('GET', '/v1/transfers', () => {
    const items = held.filter((t) => t.source === merchant)
    return { body: { entity: 'collection', count: items.length, items } }
  })
  s.handle('POST', '/v2/accounts', (req) => ({ body: { id: rid('acc'), status: 'created', ...req.body } }))
  s.handle('POST', '/v2/accounts/:id/stakeholders', (req) => ({
    body: { entity: 'stakeholder', id: rid('sth'), ...req.body },
  }))
  s.handle('POST', '/v2/accounts/:id/products', () => ({
    body: { id: rid('acc_prd'), product_name: 'route', activation_status: 'needs_clarification' },
  }))
  s.handle('PATCH', '/v2/accounts/:id/products/:pid', (req) => ({
    body: { id: req.params.pid, product_name: 'route', activation_status: 'under_review', requirements: [] },
  }))
  return held
}
