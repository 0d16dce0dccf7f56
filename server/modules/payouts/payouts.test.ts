import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPayoutDetails, maskTail, type PayoutAccountInput } from '@common/schemas/payout'
import { gstinCheckChar } from '@common/tax-ids'
import { ConfigError, loadConfig } from '../../config'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { createSealer } from './sealer'
import pino from 'pino'
import { users } from '../../db/schema'
import { eq } from 'drizzle-orm'
import { payoutsService } from './payouts.service'
import { linkedAccountError, type LinkedAccountProvider } from './payouts.provider'
import { linkedAccountEvent, sandboxOutcome } from './payouts.provider'

const WEBHOOK_SECRET = 'payouts_test_webhook_secret_0123'
const hmac = (s: string) => crypto.createHmac('sha256', WEBHOOK_SECRET).update(s).digest('hex')
const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`
  return first14 + gstinCheckChar(first14)
}
const PAN = 'ABCPE1234F'
const BANK = '50100123456789'
const UPI = 'priya.sharma@okhdfcbank'
const details = (over: Partial<PayoutAccountInput> = {}): PayoutAccountInput => ({
  legalName: 'Priya Sharma',
  pan: PAN,
  state: 'Maharashtra',
  bankAccount: BANK,
  ifsc: 'HDFC0001234',
  ...over,
})

describe('checkPayoutDetails', () => {
  const errors = (over: Partial<PayoutAccountInput>) => {
    const r = checkPayoutDetails(details(over))
    return r.ok ? {} : r.errors
  }
  it('accepts good details and puts them in canonical form', () => {
    const r = checkPayoutDetails(
      details({
        pan: ' abcpe1234f ',
        ifsc: 'hdfc0001234',
        bankAccount: '5010 0123 4567 89',
        legalName: ' Priya  Sharma ',
      }),
    )
    expect(r).toEqual({
      ok: true,
      details: {
        legalName: 'Priya Sharma',
        pan: PAN,
        state: 'Maharashtra',
        gstin: null,
        bankAccount: BANK,
        ifsc: 'HDFC0001234',
        upiId: null,
      },
    })
  })
  it('checks the PAN format and its holder type', () => {
    expect(errors({ pan: '' }).pan).toMatch(/Enter your PAN/)
    expect(errors({ pan: 'ABCP1234F' }).pan).toMatch(/10 characters/)
    expect(errors({ pan: 'ABCXE1234F' }).pan).toMatch(/4th letter/)
    expect(errors({ pan: 'ABCPE0000F' }).pan).toBeDefined()
  })
  it('checks the GSTIN checksum, that its PAN is the PAN given and that it is of the state given', () => {
    const good = gstin('27', PAN)
    expect(errors({ gstin: good })).toEqual({})
    const bad = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A')
    expect(errors({ gstin: bad }).gstin).toMatch(/not valid/)
    expect(errors({ gstin: gstin('27', 'ABCPE9999F') }).gstin).toMatch(/different PAN/)
    expect(errors({ gstin: gstin('29', PAN) }).gstin).toMatch(/another state, not Maharashtra/)
    expect(errors({ gstin: 'ABC' }).gstin).toMatch(/15 letters/)
  })
  it('checks the IFSC, the account number, the UPI id, and bank or UPI (one of the two)', () => {
    expect(errors({ ifsc: 'HDFC1001234' }).ifsc).toMatch(/IFSC is 11 characters/)
    expect(errors({ bankAccount: '12345' }).bankAccount).toMatch(/9 to 18 digits/)
    expect(errors({ bankAccount: '', ifsc: '' }).bankAccount).toMatch(/bank account and IFSC, or a UPI id/)
    expect(errors({ bankAccount: '', ifsc: '', upiId: 'not-a-upi' }).upiId).toMatch(/name@bank/)
    expect(errors({ upiId: UPI }).upiId).toMatch(/not both/)
    expect(errors({ bankAccount: '', ifsc: '', upiId: UPI })).toEqual({})
    expect(errors({ state: 'Atlantis' }).state).toMatch(/Choose your state/)
  })
  it('masks all but the last four characters', () => {
    expect(maskTail(PAN)).toBe('XXXXXX234F')
    expect(maskTail(BANK)).toBe('XXXXXX6789')
    expect(maskTail(UPI)).toBe('XXXXXXarma@okhdfcbank')
    expect(maskTail('ab@ybl')).toBe('XXXXXXb@ybl')
  })
})

describe('sealing and the key', () => {
  it('seals with AES-256-GCM bound to owner and field; a wrong key or field does not open', () => {
    const key = crypto.randomBytes(32).toString('hex')
    const s = createSealer(key)
    const sealed = s.seal(PAN, 'payout:u1:pan')
    expect(sealed).not.toContain(PAN)
    expect(s.seal(PAN, 'payout:u1:pan')).not.toBe(sealed) // a fresh IV each time
    expect(s.open(sealed, 'payout:u1:pan')).toBe(PAN)
    expect(() => s.open(sealed, 'payout:u2:pan')).toThrow()
    expect(() => createSealer(crypto.randomBytes(32).toString('hex')).open(sealed, 'payout:u1:pan')).toThrow()
  })
  it('refuses a DATA_ENCRYPTION_KEY that is not 64 hex characters, with a clear line', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/microlance-key-test', DATA_ENCRYPTION_KEY: 'abc' })).toThrow(
      ConfigError,
    )
    expect(() => loadConfig({ DATA_DIR: '/tmp/microlance-key-test', DATA_ENCRYPTION_KEY: 'abc' })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 64 hex characters/,
    )
  })
  it('generates a key once and keeps it in DATA_DIR', () => {
    const dir = `/tmp/microlance-key-${crypto.randomBytes(4).toString('hex')}`
    const a = loadConfig({ DATA_DIR: dir }).DATA_ENCRYPTION_KEY
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(loadConfig({ DATA_DIR: dir }).DATA_ENCRYPTION_KEY).toBe(a)
  })
})

describe('sandbox outcomes', () => {
  it('come from the legal name', () => {
    expect(sandboxOutcome('Priya Sharma')).toBe('activated')
    expect(sandboxOutcome('Please Clarify Traders')).toBe('needs_clarification')
    expect(sandboxOutcome('Suspend Me')).toBe('suspended')
  })
})

let ctx: TestCtx
let priya: Session
let arjun: Session
let operator: Session
beforeAll(async () => {
  ctx = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET })
  priya = await signUp(ctx, { fullname: 'Priya Sharma', role: 'freelancer' })
  arjun = await signUp(ctx, { fullname: 'Arjun Mehta', role: 'client' })
  operator = await signUp(ctx, { fullname: 'Ops Person', role: 'client' })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
})
afterAll(async () => ctx?.close())

const put = (s: Session | null, body: object) =>
  injectAs(ctx.app, s, { method: 'PUT', url: '/api/v1/payouts/account', payload: body })
const get = (s: Session | null, url = '/api/v1/payouts/account') =>
  injectAs(ctx.app, s, { method: 'GET', url })
const row = async (userId: string) =>
  (await ctx.database.db.execute(sql`select * from payout_accounts where user_id = ${userId}::uuid`))
    .rows[0] as Record<string, unknown> | undefined
const webhook = (body: object, eventId: string, signature?: string) => {
  const raw = JSON.stringify(body)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payouts/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? hmac(raw),
      'x-razorpay-event-id': eventId,
    },
  })
}
const waitForStatus = async (s: Session, status: string) => {
  await expect
    .poll(async () => (await get(s)).json().account?.status, { timeout: 6000, interval: 150 })
    .toBe(status)
  return (await get(s)).json().account
}

describe('PUT and GET /api/v1/payouts/account', () => {
  it('answers 401 without a session, and null before any details', async () => {
    expect((await get(null)).statusCode).toBe(401)
    expect((await put(null, details())).statusCode).toBe(401)
    const res = await get(arjun)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, account: null })
  })

  it('answers 400 field by field and saves nothing', async () => {
    const res = await put(priya, details({ pan: 'ABCXE1234F', ifsc: 'HDFC1001234', gstin: 'XX' }))
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('validation_failed')
    expect(Object.keys(body.errors).sort()).toEqual(['gstin', 'ifsc', 'pan'])
    expect(body.message).toBe(body.errors.pan)
    expect(await row(priya.user._id)).toBeUndefined()
  })

  it('saves, shows only masked values, keeps no plain PAN, GSTIN, account number or UPI id, and activates', async () => {
    const g = gstin('27', PAN)
    const res = await put(priya, details({ gstin: g.toLowerCase() }))
    expect(res.statusCode).toBe(200)
    const account = res.json().account
    expect(account).toMatchObject({
      status: 'created',
      legalName: 'Priya Sharma',
      pan: 'XXXXXX234F',
      state: 'Maharashtra',
      gstin: `27XXXXXX234F${g.slice(12)}`,
      bankAccount: 'XXXXXX6789',
      ifsc: 'HDFC0001234',
      upiId: null,
    })
    expect(res.body).not.toContain(PAN)
    expect(res.body).not.toContain(BANK)
    const stored = JSON.stringify(await row(priya.user._id))
    for (const secret of [PAN, g, BANK, '1234F', BANK.slice(-8)]) expect(stored).not.toContain(secret)
    expect(stored).toContain('"pan_sealed":"v1.')
    const active = await waitForStatus(priya, 'activated')
    expect(active.requirements).toBeUndefined()
    expect((await get(priya)).body).not.toContain(BANK)
  })

  it('takes a UPI id instead of a bank account, sealed and masked', async () => {
    const res = await put(
      arjun,
      details({ legalName: 'Arjun Mehta', bankAccount: '', ifsc: '', upiId: 'Arjun.M@YBL' }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().account).toMatchObject({ upiId: 'XXXXXXn.m@ybl', bankAccount: null, ifsc: null })
    expect(JSON.stringify(await row(arjun.user._id))).not.toContain('arjun.m@ybl')
  })

  it('needs clarification (with the fields to fix) or is suspended, as the sandbox legal name asks', async () => {
    const c = await signUp(ctx, { fullname: 'Clarify Case' })
    expect((await put(c, details({ legalName: 'Clarify Traders' }))).statusCode).toBe(200)
    const a = await waitForStatus(c, 'needs_clarification')
    expect(a.requirements).toEqual(['settlements.account_number'])
    const s = await signUp(ctx, { fullname: 'Suspend Case' })
    expect((await put(s, details({ legalName: 'Suspend Works' }))).statusCode).toBe(200)
    await waitForStatus(s, 'suspended')
    // Fixing the details starts the review again.
    expect((await put(c, details({ legalName: 'Fixed Traders' }))).json().account.status).toBe('created')
    await waitForStatus(c, 'activated')
  })

  it('lets operators read anyone’s (masked) and nobody else', async () => {
    const url = `/api/v1/payouts/accounts/${priya.user._id}`
    expect((await get(null, url)).statusCode).toBe(401)
    expect((await get(priya, url)).statusCode).toBe(403)
    expect((await get(arjun, url)).statusCode).toBe(403)
    const res = await get(operator, url)
    expect(res.statusCode).toBe(200)
    expect(res.json().account.pan).toBe('XXXXXX234F')
  })
})

describe('POST /api/v1/payouts/webhook', () => {
  it('moves the state on signed events, once per event id, never back to an older state', async () => {
    const w = await signUp(ctx, { fullname: 'Webhook Case' })
    await put(w, details({ legalName: 'Webhook Case' }))
    const r = (await row(w.user._id))!
    const acc = r.provider_account_id as string
    const prd = r.provider_product_id as string
    const now = Math.floor(Date.now() / 1000) + 60
    const clarify = linkedAccountEvent(acc, prd, 'needs_clarification', ['legal_info.pan'], now)
    expect((await webhook(clarify, 'evt_a', 'bad')).statusCode).toBe(400)
    const first = await webhook(clarify, 'evt_a')
    expect(first.json()).toMatchObject({
      success: true,
      duplicate: false,
      handled: 'product.route.needs_clarification',
    })
    expect((await get(w)).json().account).toMatchObject({
      status: 'needs_clarification',
      requirements: ['legal_info.pan'],
    })
    // The same event again: acknowledged, nothing changes.
    const replay = await webhook(clarify, 'evt_a')
    expect(replay.json()).toMatchObject({ duplicate: true })
    // An older event (created before the one applied) changes nothing.
    const old = await webhook(linkedAccountEvent(acc, prd, 'under_review', [], now - 30), 'evt_b')
    expect(old.json().handled).toBe('stale')
    await webhook(linkedAccountEvent(acc, prd, 'activated', [], now + 1), 'evt_c')
    expect((await get(w)).json().account.status).toBe('activated')
    await webhook(linkedAccountEvent(acc, prd, 'suspended', [], now + 2), 'evt_d')
    expect((await get(w)).json().account.status).toBe('suspended')
    // Events about accounts we do not know are acknowledged and ignored.
    const other = await webhook(linkedAccountEvent('acc_Unknown1234567', prd, 'activated', [], now), 'evt_e')
    expect(other.json().handled).toBe('ignored')
  })
})

describe('logs', () => {
  it('never carry the PAN, GSTIN, account number or UPI id, even when the provider fails', async () => {
    const lines: string[] = []
    const log = pino({ level: 'trace' }, { write: (l: string) => void lines.push(l) })
    const failing: Omit<LinkedAccountProvider, 'transfers'> = {
      name: 'razorpay',
      webhookSecret: WEBHOOK_SECRET,
      async upsert() {
        throw linkedAccountError()
      },
    }
    const service = payoutsService({
      db: ctx.database.db,
      sealer: createSealer(crypto.randomBytes(32).toString('hex')),
      provider: failing,
      log,
    })
    const who = await signUp(ctx, { fullname: 'Log Case' })
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, who.user._id))
    const g = gstin('27', PAN)
    await expect(service.save(user, details({ gstin: g }))).rejects.toMatchObject({ code: 'provider_error' })
    await expect(
      service.save(user, details({ bankAccount: '', ifsc: '', upiId: UPI, gstin: g })),
    ).rejects.toMatchObject({ code: 'provider_error' })
    expect(lines.length).toBeGreaterThan(0)
    const all = lines.join('\n')
    for (const secret of [PAN, g, BANK, UPI]) expect(all).not.toContain(secret)
  })
})
