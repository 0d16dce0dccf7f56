import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'
import { hirePayableFreelancer, signedWebhook, signUpOperator, standInEnv } from '../../test/money'
import { ledgerHealth, perUnit } from '../../test/payments'
import {
  startRazorpayStandIn,
  standInRoute,
  type RazorpayStandIn,
  type StandInTransfer,
} from '../../test/razorpay-standin'
import { linkedAccountEvent } from '../payouts/payouts.provider'
import { RECONCILIATION_TASK } from '../reconciliation/reconciliation.task'

/*
 * A storm of concurrent releases, refunds, operator retries and sweeps over two hires, against the Razorpay
 * stand-in, whose own records are counted: never two refunds for one reference nor more refunded than captured,
 * never more transferred from a payment than it has left, the ledger balanced and the reconciliation clean. On real
 * PostgreSQL (DATABASE_URL) the calls really overlap; on PGlite they serialize.
 */
const WEBHOOK_SECRET = 'money_storm_webhook_secret'
let ctx: TestCtx
let rzp: RazorpayStandIn
let held: StandInTransfer[]
let asha: Session
let operator: Session
beforeAll(async () => {
  rzp = await startRazorpayStandIn()
  held = standInRoute(rzp)
  ctx = await createTestApp({
    ...standInEnv(rzp, WEBHOOK_SECRET),
    PLATFORM_FEE_BPS: '1000',
  })
  await ctx.database.db.execute(sql`insert into scheduled_tasks (name, next_run_at)
    values (${RECONCILIATION_TASK}, now() + interval '1 day') on conflict (name) do update
    set next_run_at = excluded.next_run_at`)
  asha = await signUp(ctx, { role: 'client', fullname: 'Asha Iyer' })
  operator = await signUpOperator(ctx)
}, 60_000)
afterAll(async () => {
  await ctx?.close()
  await rzp?.close()
})

const q = async <T = any>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)).rows as T[]
const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const signed = (url: string, body: object) => signedWebhook(ctx, WEBHOOK_SECRET, url, body)

async function activate(f: Session) {
  const [a] = await q(sql`select * from payout_accounts where user_id = ${f.user._id}::uuid`)
  const ev = linkedAccountEvent(
    a.provider_account_id,
    a.provider_product_id,
    'activated',
    [],
    Math.floor(Date.now() / 1000) + 60,
  )
  const res = await signed('/api/v1/payouts/webhook', ev)
  expect(res.statusCode, res.body).toBe(200)
}
async function fundHire(jobId: string, contractId: string, units: number) {
  const order = await post(asha, '/api/payments/create-order', { jobId, contractId, units })
  expect(order.statusCode, order.body).toBe(200)
  const result = rzp.pay(order.json().orderId)
  expect((await post(asha, '/api/payments/verify', { jobId, ...result })).statusCode).toBe(200)
}
async function sweeps() {
  await q(sql`update scheduled_tasks set next_run_at = now() where name in ('refunds', 'payout-transfers')`)
  await q(sql`update refunds set next_attempt_at = now() where status = 'pending'`)
  await q(sql`update transfers set next_attempt_at = now() where status = 'pending'`)
  await ctx.app.tasks.runDue('refunds')
  await ctx.app.tasks.runDue('payout-transfers')
}

describe('storm against the Razorpay stand-in', () => {
  it('30 concurrent releases, refunds, retries and sweeps: the provider never over-pays or refunds twice', async () => {
    const job = await postJob(ctx.app, asha, { ...perUnit(8, '500'), openings: '2' })
    const hires: { f: Session; contractId: string }[] = []
    for (const name of ['Ravi Kumar', 'Meera Shah']) {
      hires.push(await hirePayableFreelancer(ctx, asha, job._id, name))
    }
    for (const h of hires) {
      await fundHire(job._id, h.contractId, 3)
      await fundHire(job._id, h.contractId, 1)
      await fundHire(job._id, h.contractId, 2)
      // A payout already waiting for the account, which is activated during the storm.
      const r = await post(asha, '/api/v1/payments/release', { contractId: h.contractId, units: 1 })
      expect(r.statusCode, r.body).toBe(200)
    }
    // Some refunds are refused (failed, for an operator's retry), one finds the provider down (retried later).
    rzp.refundOutcomes = ['refuse', 'down', 'refuse']
    const calls = Array.from({ length: 30 }, (_, i): (() => Promise<unknown>) => {
      const h = hires[i % 2]
      switch (i % 5) {
        case 0:
        case 1:
          return () => post(asha, '/api/v1/payments/release', { contractId: h.contractId, units: 1 })
        case 2:
          return () => post(asha, '/api/v1/payments/refund', { contractId: h.contractId })
        case 3:
          if (i < 10) return () => activate(h.f)
          return async () => {
            const failed = await q(sql`select id from refunds where job_id = ${job._id}::uuid
              and status = 'failed'`)
            return Promise.all(failed.map((r) => post(operator, `/api/v1/refunds/${r.id}/retry`)))
          }
        default:
          return i % 2
            ? () => ctx.app.tasks.runDue('payout-transfers')
            : () => ctx.app.tasks.runDue('refunds')
      }
    })
    const answers = (await Promise.all(calls.map((f) => f()))).flat() as unknown[]
    for (const a of answers)
      if (a && typeof a === 'object' && 'statusCode' in a) {
        const res = a as { statusCode: number; body: string }
        expect([200, 409], res.body).toContain(res.statusCode)
      }
    // What is left failed gets its operator's retry; then the sweeps finish what is pending.
    for (const r of await q(
      sql`select id from refunds where job_id = ${job._id}::uuid and status = 'failed'`,
    ))
      expect((await post(operator, `/api/v1/refunds/${r.id}/retry`)).statusCode).toBe(200)
    await sweeps()

    const refunds = await q(sql`select * from refunds where job_id = ${job._id}::uuid`)
    expect(refunds.length).toBeGreaterThan(0)
    expect(refunds.every((r) => r.status === 'processed')).toBe(true)
    const payments =
      await q(sql`select p.provider_payment_id as id, p.amount_paise as captured from payments p
      join payment_orders o on o.id = p.order_id where o.job_id = ${job._id}::uuid and p.status = 'captured'`)
    for (const p of payments) {
      // At the provider: one live refund per reference of ours, never more than captured, each one ours.
      const theirs = rzp.refunds.filter((r) => r.payment_id === p.id && r.status !== 'failed')
      const refs = theirs.map((r) => r.receipt)
      expect(new Set(refs).size, `refunds of ${p.id}`).toBe(refs.length)
      const ours = refunds.filter((r) => r.provider_payment_id === p.id)
      expect(refs.sort()).toEqual(ours.map((r) => r.reference).sort())
      const refunded = theirs.reduce((a, r) => a + r.amount, 0)
      expect(refunded).toBeLessThanOrEqual(Number(p.captured))
      // Transfers from the payment never exceed what it has left after refunds.
      const transferred = held
        .filter((t) => t.source === p.id && t.status !== 'failed' && t.status !== 'reversed')
        .reduce((a, t) => a + t.amount, 0)
      expect(transferred, `transfers of ${p.id}`).toBeLessThanOrEqual(Number(p.captured) - refunded)
    }
    // Every transfer the provider holds is one of ours, once, and processed here too.
    const transfers = await q(sql`select t.* from transfers t join payouts p on p.id = t.payout_id
      where p.job_id = ${job._id}::uuid`)
    expect(transfers.length).toBeGreaterThan(0)
    const mine = new Set(transfers.map((t) => t.reference))
    const theirs = held.filter((t) => mine.has(t.notes.reference)).map((t) => t.notes.reference)
    expect(theirs.sort()).toEqual([...mine].sort())
    expect(transfers.every((t) => t.status === 'processed')).toBe(true)
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
    const run = await post(operator, '/api/v1/admin/reconciliation/run')
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json().run.error).toBeNull()
    expect(run.json().mismatches).toEqual([])
  }, 120_000)
})
