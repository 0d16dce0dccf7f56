import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'

const KEY_ID = 'rzp_test_Standin1234'
const KEY_SECRET = 'standin_key_secret_0123456789'
const AUTH = 'Basic ' + Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')

interface Seen {
  method: string
  url: string
  auth: string | undefined
  body: any
}

/**
 * A local stand-in for Razorpay's Route onboarding API (accounts, stakeholders, products): basic auth, answers
 * shaped like Razorpay's, every request recorded. `failNext` makes the next call to a path answer 500.
 */
function routeStandIn() {
  const seen: Seen[] = []
  const failNext = new Set<string>()
  let n = 0
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      const send = (status: number, body: object) => {
        res.statusCode = status
        res.end(JSON.stringify(body))
      }
      if (req.headers.authorization !== AUTH)
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
      const body = raw ? JSON.parse(raw) : null
      const url = req.url ?? ''
      seen.push({ method: req.method ?? '', url, auth: req.headers.authorization, body })
      const key = `${req.method} ${url.replace(/acc_\w+|sth_\w+|acc_prd_\w+/g, ':id')}`
      if (failNext.delete(key)) return send(500, { error: { code: 'SERVER_ERROR', description: 'down' } })
      n++
      if (req.method === 'POST' && url === '/v2/accounts') {
        if (body.legal_business_name === 'Refused Name')
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid business name', field: 'legalName' },
          })
        return send(200, { id: `acc_Standin${n}Acct`, type: 'route', status: 'created', ...body })
      }
      if (req.method === 'PATCH' && /^\/v2\/accounts\/acc_\w+$/.test(url))
        return send(200, { id: url.split('/')[3], status: 'created', ...body })
      if (req.method === 'POST' && /^\/v2\/accounts\/acc_\w+\/stakeholders$/.test(url))
        return send(200, { entity: 'stakeholder', id: `sth_Standin${n}Stkh`, ...body })
      if (req.method === 'POST' && /^\/v2\/accounts\/acc_\w+\/products$/.test(url))
        return send(200, {
          id: `acc_prd_Standin${n}Prod`,
          product_name: 'route',
          activation_status: 'needs_clarification',
          requirements: [
            { field_reference: 'settlements.account_number', resolution_url: '…', status: 'required' },
          ],
          tnc_accepted: true,
        })
      if (req.method === 'PATCH' && /^\/v2\/accounts\/acc_\w+\/products\/acc_prd_\w+$/.test(url))
        return send(200, {
          id: url.split('/')[5],
          product_name: 'route',
          activation_status: 'under_review',
          requirements: [],
          active_configuration: { settlements: body.settlements },
        })
      send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } })
    })
  })
  return { server, seen, failNext }
}

let ctx: TestCtx
let standIn: ReturnType<typeof routeStandIn>
let base: string
let priya: Session
beforeAll(async () => {
  standIn = routeStandIn()
  await new Promise<void>((r) => standIn.server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`
  ctx = await createTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: 'standin_webhook_secret',
    RAZORPAY_API_URL: base,
  })
  priya = await signUp(ctx, { email: 'priya@example.in', fullname: 'Priya Sharma' })
})
afterAll(async () => {
  await ctx?.close()
  await new Promise((r) => standIn?.server.close(r))
})

const put = (s: Session, body: object) =>
  injectAs(ctx.app, s, { method: 'PUT', url: '/api/v1/payouts/account', payload: body })
const details = {
  legalName: 'Priya Sharma',
  pan: 'ABCPE1234F',
  state: 'Karnataka',
  bankAccount: '50100123456789',
  ifsc: 'HDFC0001234',
}

describe('payout accounts on Razorpay Route', () => {
  it('creates the account, a stakeholder, the route product and its settlement details, in that order', async () => {
    standIn.seen.length = 0
    const res = await put(priya, details)
    expect(res.statusCode).toBe(200)
    expect(res.json().account).toMatchObject({ status: 'under_review', bankAccount: 'XXXXXX6789' })
    const calls = standIn.seen.map((s) => `${s.method} ${s.url}`)
    expect(calls).toEqual([
      expect.stringMatching(/^POST \/v2\/accounts$/),
      expect.stringMatching(/^POST \/v2\/accounts\/acc_\w+\/stakeholders$/),
      expect.stringMatching(/^POST \/v2\/accounts\/acc_\w+\/products$/),
      expect.stringMatching(/^PATCH \/v2\/accounts\/acc_\w+\/products\/acc_prd_\w+$/),
    ])
    expect(standIn.seen.every((s) => s.auth === AUTH)).toBe(true)
    const [account, stakeholder, product, settlements] = standIn.seen.map((s) => s.body)
    expect(account).toEqual({
      email: 'priya@example.in',
      type: 'route',
      reference_id: priya.user._id.replace(/-/g, '').slice(0, 20),
      legal_business_name: 'Priya Sharma',
      business_type: 'individual',
      contact_name: 'Priya Sharma',
      profile: {
        category: 'it_and_software',
        subcategory: 'technical_support',
        addresses: { registered: { state: 'KARNATAKA', country: 'IN' } },
      },
      legal_info: { pan: 'ABCPE1234F' },
    })
    expect(stakeholder).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.in',
      kyc: { pan: 'ABCPE1234F' },
    })
    expect(product).toEqual({ product_name: 'route', tnc_accepted: true })
    expect(settlements).toEqual({
      settlements: {
        account_number: '50100123456789',
        ifsc_code: 'HDFC0001234',
        beneficiary_name: 'Priya Sharma',
      },
      tnc_accepted: true,
    })
  })

  it('sends what the official razorpay client sends for the same calls (paths, methods, bodies)', async () => {
    const ours = standIn.seen.slice(0, 4)
    standIn.seen.length = 0
    const Razorpay = createRequire(import.meta.url)('razorpay')
    const rzp = new Razorpay({ key_id: KEY_ID, key_secret: KEY_SECRET })
    rzp.api.rq.defaults.baseURL = base
    const acc = await rzp.accounts.create(ours[0].body)
    await rzp.stakeholders.create(acc.id, ours[1].body)
    const prd = await rzp.products.requestProductConfiguration(acc.id, ours[2].body)
    await rzp.products.edit(acc.id, prd.id, ours[3].body)
    const theirs = standIn.seen
    const shape = (s: Seen) => ({
      method: s.method,
      url: s.url.replace(/acc_prd_\w+/g, ':product').replace(/acc_\w+/g, ':account'),
      auth: s.auth,
      body: s.body,
    })
    expect(theirs.map(shape)).toEqual(ours.map(shape))
  })

  it('resumes after a failure part-way instead of creating a second account', async () => {
    const ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
    standIn.seen.length = 0
    standIn.failNext.add('POST /v2/accounts/:id/stakeholders')
    const failed = await put(ravi, { ...details, legalName: 'Ravi Kumar', pan: 'ABCPK4321L' })
    expect(failed.statusCode).toBe(502)
    expect(failed.json().code).toBe('provider_error')
    const again = await put(ravi, { ...details, legalName: 'Ravi Kumar', pan: 'ABCPK4321L' })
    expect(again.statusCode).toBe(200)
    const calls = standIn.seen.map(
      (s) => `${s.method} ${s.url.replace(/acc_prd_\w+/, ':p').replace(/acc_\w+/, ':a')}`,
    )
    expect(calls).toEqual([
      'POST /v2/accounts',
      'POST /v2/accounts/:a/stakeholders',
      'PATCH /v2/accounts/:a',
      'POST /v2/accounts/:a/stakeholders',
      'POST /v2/accounts/:a/products',
      'PATCH /v2/accounts/:a/products/:p',
    ])
  })

  it('passes on which field Razorpay refused, without the value', async () => {
    const meera = await signUp(ctx, { fullname: 'Meera Nair' })
    const res = await put(meera, { ...details, legalName: 'Refused Name' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'provider_refused',
      errors: { legalName: 'Invalid business name' },
    })
  })

  it('without a bank account (UPI only) stops at the product and shows what Razorpay asks for', async () => {
    const kiran = await signUp(ctx, { fullname: 'Kiran Rao' })
    standIn.seen.length = 0
    const res = await put(kiran, {
      legalName: 'Kiran Rao',
      pan: 'ABCPR1111K',
      state: 'Kerala',
      upiId: 'kiran.rao@okaxis',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().account).toMatchObject({
      status: 'needs_clarification',
      requirements: ['settlements.account_number'],
    })
    expect(standIn.seen.map((s) => s.method)).toEqual(['POST', 'POST', 'POST'])
  })
})
