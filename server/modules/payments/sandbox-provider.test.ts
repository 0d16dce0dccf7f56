import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { appOnSameDatabase, signUpOperator, until as untilTruthy } from '../../test/money'
import { fund, hiredJob, perUnit } from '../../test/payments'
import { createRouteTransfers, SANDBOX_DELIVERY_LEASE_MS } from '../payouts/transfers.provider'
import { RECONCILIATION_TASK } from '../reconciliation/reconciliation.task'
import { createProvider } from './payments.provider'

// The sandbox provider (ADR 050) is one provider for every instance: what it made is kept in the database, so another
// instance, or one started after a restart, lists the same refunds and transfers, and each settlement comes once.

/**
 * Another app instance on the same database, as behind a load balancer. On PostgreSQL it has a connection pool of
 * its own; PGlite is one process's database, so there both apps share it.
 */
async function instance(a: TestCtx): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (a.schemaName) {
    const b = await anotherInstance(a, {
      DATA_DIR: a.dataDir,
      PLATFORM_FEE_BPS: '1000',
      PLATFORM_STATE: 'Karnataka',
    })
    return { app: b.app, close: b.close }
  }
  return appOnSameDatabase(a, { PLATFORM_FEE_BPS: '1000', PLATFORM_STATE: 'Karnataka' })
}

let ctx: TestCtx
let asha: Session // client
let ravi: Session // freelancer
let operator: Session
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000', PLATFORM_STATE: 'Karnataka' })
  // The scheduler's own daily reconciliation is not due while these tests run.
  await ctx.database.db.execute(sql`insert into scheduled_tasks (name, next_run_at)
    values (${RECONCILIATION_TASK}, now() + interval '1 day')`)
  asha = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar', role: 'freelancer' })
  operator = await signUpOperator(ctx)
}, 60_000)
afterAll(() => ctx?.close())

const db = () => ctx.database.db
const rows = async (q: ReturnType<typeof sql>) => (await db().execute(q)).rows as Record<string, any>[]
const until = <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) =>
  untilTruthy(what, fn, ms)

/** Real money on `app`: a per-unit hire funded, two units released, the rest refunded; a one-time hire released. */
async function moneyFlows(app: FastifyInstance) {
  const get = (s: Session, url: string) => injectAs(app, s, { method: 'GET', url })
  const post = async (url: string, payload: object) => {
    const res = await injectAs(app, asha, { method: 'POST', url, payload })
    if (res.statusCode !== 200) throw new Error(`${url} ${res.body}`)
  }
  const put = await injectAs(app, ravi, {
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
  expect(put.statusCode).toBe(200)
  await until(
    'the account to be activated',
    async () => (await get(ravi, '/api/v1/payouts/account')).json().account.status === 'activated',
  )
  const job = await hiredJob(app, asha, ravi, perUnit(5))
  await fund(app, asha, job._id, { units: 5 })
  const perUnitContract = (await get(asha, `/api/v1/contracts?jobId=${job._id}`)).json().contracts[0]._id
  await post('/api/v1/payments/release', { contractId: perUnitContract, units: 2 })
  await post('/api/v1/payments/refund', { contractId: perUnitContract })
  const other = await hiredJob(app, asha, ravi, { amount: '1000' })
  await fund(app, asha, other._id)
  const oneTime = (await get(asha, `/api/v1/contracts?jobId=${other._id}`)).json().contracts[0]._id
  await post('/api/v1/payments/release', { contractId: oneTime })
  // Paid, and settled: every payout has its UTR.
  await until('both payouts to be paid and settled', async () => {
    const { payouts } = (await get(ravi, '/api/v1/payouts')).json()
    return payouts.length === 2 && payouts.every((p: any) => p.status === 'paid' && p.utr)
  })
}

/** Runs the reconciliation on `app` as the operator; the mismatches it found. */
async function reconcile(app: FastifyInstance) {
  const res = await injectAs(app, operator, { method: 'POST', url: '/api/v1/admin/reconciliation/run' })
  expect(res.statusCode).toBe(200)
  expect(res.json().run.error).toBeNull()
  return res.json().mismatches as { kind: string; subject: string }[]
}

describe('the sandbox provider across instances', () => {
  it('what one instance made is listed by another and by a fresh one after it closed', async () => {
    const first = await instance(ctx)
    let closed = false
    try {
      await moneyFlows(first.app)
      const [refund] = await rows(sql`select provider_payment_id, provider_refund_id, status from refunds`)
      expect(refund).toMatchObject({
        status: 'processed',
        provider_refund_id: expect.stringMatching(/^rfnd_/),
      })
      const transfers = await rows(sql`select provider_payment_id, provider_transfer_id, amount_paise, utr
        from transfers where status = 'processed' order by created_at`)
      expect(transfers.length).toBeGreaterThanOrEqual(2)

      // Another instance: its reconciliation asks its own provider for the refunds and transfers of each payment.
      expect(await reconcile(ctx.app)).toEqual([])

      await first.close()
      closed = true
      const fresh = await instance(ctx)
      try {
        expect(await reconcile(fresh.app)).toEqual([])
      } finally {
        await fresh.close()
      }

      // The provider as the app makes it, on the same database: the same refund and transfers, as Razorpay lists them.
      const provider = createProvider(ctx.app.config, fetch, { db: db() })
      expect(await provider.listRefunds(refund.provider_payment_id)).toEqual([
        expect.objectContaining({ id: refund.provider_refund_id, status: 'processed' }),
      ])
      const route = createRouteTransfers(ctx.app.config, { db: db() })
      for (const t of transfers) {
        const listed = await route.listForPayment(t.provider_payment_id)
        expect(listed).toContainEqual(
          expect.objectContaining({
            id: t.provider_transfer_id,
            status: 'processed',
            amount: Number(t.amount_paise),
          }),
        )
      }
      // Each settlement was delivered and acknowledged; the UTRs our transfers carry are the sandbox's.
      const settlements = await rows(sql`select entity->>'utr' as utr, due_at from sandbox_provider_objects
        where kind = 'settlement'`)
      expect(settlements.length).toBeGreaterThanOrEqual(1)
      expect(settlements.every((s) => s.due_at === null)).toBe(true)
      for (const t of transfers) expect(settlements.map((s) => s.utr)).toContain(t.utr)
    } finally {
      if (!closed) await first.close()
    }
  }, 60_000)

  it('a refund asked again for its reference, on any instance, is the same refund; ₹x.13 fails once per ask', async () => {
    const one = createProvider(ctx.app.config, fetch, { db: db() })
    const two = createProvider(ctx.app.config, fetch, { db: db() })
    const ask = {
      paymentId: 'pay_SbxRefundAgain1',
      amountPaise: 25_000,
      reference: 'ml_ref_again',
      notes: {},
    }
    const [r1, r2] = await Promise.all([one.createRefund(ask), two.createRefund(ask)])
    expect(r2).toEqual(r1)
    expect(r1).toMatchObject({
      status: 'processed',
      reference: 'ml_ref_again',
      bankReference: expect.any(String),
    })
    expect(await two.listRefunds(ask.paymentId)).toEqual([r1])

    const failing = { ...ask, amountPaise: 10_013, reference: 'ml_ref_fails' }
    const f1 = await one.createRefund(failing)
    expect(f1).toMatchObject({ status: 'failed', bankReference: null })
    const f2 = await two.createRefund(failing)
    expect(f2.id).not.toBe(f1.id)
    expect((await one.listRefunds(ask.paymentId)).map((r) => r.id)).toEqual([r1.id, f1.id, f2.id])
  })

  it('a settlement is delivered once when two instances sweep together, and again only if never acknowledged', async () => {
    // Due in a minute, so the app's own sweeps (on the clock) leave them to this test's.
    const one = createRouteTransfers(ctx.app.config, { db: db(), settleAfterMs: 60_000 })
    const two = createRouteTransfers(ctx.app.config, { db: db(), settleAfterMs: 60_000 })
    const account = 'acc_SbxSettleOnce1'
    const made = [
      await one.createFromPayment('pay_SbxSettleOnce1', {
        account,
        amount: 40_000,
        reference: 'ml_trf_once_1',
        payoutId: 'p1',
      }),
      await two.createDirect({ account, amount: 12_000, reference: 'ml_trf_once_2', payoutId: 'p2' }),
    ]
    expect(made.map((t) => t.status)).toEqual(['processed', 'processed'])
    expect(await one.listDirect()).toContainEqual(expect.objectContaining({ id: made[1].id }))
    const mine = <E extends { body: Record<string, unknown> }>(events: E[]) =>
      events.filter((e) => e.body.account_id === account)
    expect(mine(await one.dueSettlements!(new Date(Date.now() + 30_000)))).toEqual([])
    const now = new Date(Date.now() + 61_000)
    const swept = (
      await Promise.all([one.dueSettlements!(now), two.dueSettlements!(now), one.dueSettlements!(now)])
    ).flat()
    const ours = mine(swept)
    expect(ours).toHaveLength(1)
    const s = (ours[0].body as any).payload.settlement.entity
    expect(s).toMatchObject({
      amount: 52_000,
      status: 'processed',
      utr: expect.stringMatching(/^UTIB\d{12}$/),
    })
    // Not acknowledged: no one else gets it within the lease; after it, it comes again, the same event.
    expect(mine(await two.dueSettlements!(new Date(now.getTime() + 1000)))).toEqual([])
    const later = new Date(now.getTime() + SANDBOX_DELIVERY_LEASE_MS + 1000)
    const again = (await Promise.all([one.dueSettlements!(later), two.dueSettlements!(later)])).flat()
    expect(mine(again).map((e) => e.eventId)).toEqual([ours[0].eventId])
    await two.settlementDelivered!(ours[0].eventId)
    const muchLater = new Date(later.getTime() + 2 * SANDBOX_DELIVERY_LEASE_MS)
    expect(mine(await one.dueSettlements!(muchLater))).toEqual([])
    // The transfers carry their settlement, as Razorpay lists them.
    expect(
      (
        await rows(sql`select entity->>'recipient_settlement_id' as s from sandbox_provider_objects
        where kind = 'transfer' and account_id = ${account}`)
      ).map((r) => r.s),
    ).toEqual([s.id, s.id])
  })
})
