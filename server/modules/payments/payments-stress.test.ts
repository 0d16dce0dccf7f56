import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { checkout, fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'

// Concurrency and a property test of random money movements; on real PostgreSQL (DATABASE_URL) the races are real.
let ctx: TestCtx
let asha: Session
let ravi: Session
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '250' })
  asha = await signUp(ctx, { role: 'client', fullname: 'Asha Iyer' })
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const post = (url: string, payload: object) => injectAs(ctx.app, asha, { method: 'POST', url, payload })
const summary = async (jobId: string) =>
  (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/payments/job/${jobId}` })).json().data

describe('races', () => {
  it('50 concurrent verify calls for one payment fund it exactly once', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    const { result } = await checkout(ctx.app, asha, job._id, { units: 2 })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/payments/verify', { jobId: job._id, ...result })),
    )
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([])
    expect(answers.filter((a) => a.json().booked).length).toBe(1)
    const funds = await ctx.database.db.execute(
      sql`select count(*)::int as n from ledger_transactions where job_id = ${job._id}::uuid and kind = 'fund'`,
    )
    expect(Number(funds.rows[0].n)).toBe(1)
    expect(await summary(job._id)).toMatchObject({ funded: 1000, fundedUnits: 2, inEscrow: 1000 })
  })

  it('20 concurrent releases of the last unit: one succeeds', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(3))
    await fund(ctx.app, asha, job._id, { units: 3 })
    expect((await post('/api/v1/payments/release', { jobId: job._id, units: 2 })).statusCode).toBe(200)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/v1/payments/release', { jobId: job._id, units: 1 })),
    )
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(1)
    expect(answers.filter((a) => a.statusCode === 409).length).toBe(19)
    expect(await summary(job._id)).toMatchObject({ released: 1500, inEscrow: 0, fundStatus: 'Released' })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })

  it('a release racing a refund: each held rupee resolves once', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await fund(ctx.app, asha, job._id, { units: 4 })
    await Promise.all([
      post('/api/v1/payments/release', { jobId: job._id }),
      post('/api/v1/payments/refund', { jobId: job._id }),
    ])
    const s = await summary(job._id)
    expect(s.released + s.refunded).toBe(2000)
    expect(s.inEscrow).toBe(0)
  })
})

type Op =
  | { kind: 'fund'; units: number }
  | { kind: 'release'; units: number | null }
  | { kind: 'refund' }
  | { kind: 'replay' }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), units: fc.integer({ min: 1, max: 7 }) }),
  fc.record({
    kind: fc.constant('release' as const),
    units: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('refund' as const) }),
  fc.record({ kind: fc.constant('replay' as const) }),
)

describe('property: random fund / release / refund sequences', () => {
  it('keep every ledger transaction balanced, no balance negative, fundStatus consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 7 }), async (ops) => {
        const job = await hiredJob(ctx.app, asha, ravi, perUnit(5, '333.33'))
        let last: object | null = null
        for (const o of ops) {
          if (o.kind === 'fund') {
            const order = await post('/api/payments/create-order', { jobId: job._id, units: o.units })
            if (order.statusCode !== 200) {
              expect(order.json().code).toBe('fully_funded')
              continue
            }
            const paid = await post('/api/payments/sandbox/pay', {
              orderId: order.json().orderId,
              outcome: 'success',
            })
            const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid.json()
            last = { jobId: job._id, razorpay_payment_id, razorpay_order_id, razorpay_signature }
            expect((await post('/api/payments/verify', last)).statusCode).toBe(200)
          } else if (o.kind === 'replay') {
            if (last) expect((await post('/api/payments/verify', last)).json().booked).toBe(false)
          } else if (o.kind === 'release') {
            const r = await post('/api/v1/payments/release', {
              jobId: job._id,
              ...(o.units ? { units: o.units } : {}),
            })
            expect([200, 409]).toContain(r.statusCode)
          } else {
            const r = await post('/api/v1/payments/refund', { jobId: job._id })
            expect([200, 409]).toContain(r.statusCode)
          }
          const s = await summary(job._id)
          const cents = (n: number) => Math.round(n * 100)
          expect(cents(s.inEscrow)).toBe(cents(s.funded) - cents(s.refunded) - cents(s.released))
          expect(s.inEscrow).toBeGreaterThanOrEqual(0)
          expect(s.releasedUnits).toBeLessThanOrEqual(s.fundedUnits)
          expect(s.fundedUnits).toBeLessThanOrEqual(5)
          expect(s.fundStatus).toBe(
            s.inEscrow > 0 ? 'In Escrow' : s.released > 0 ? 'Released' : 'Not Initiated',
          )
          const j = (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/job/${job._id}` })).json()
            .job
          expect(j.fundStatus).toBe(s.fundStatus)
          expect(cents(j.fundedAmount)).toBe(cents(s.funded) - cents(s.refunded))
        }
        expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
      }),
      { numRuns: 12 },
    )
  }, 120_000)
})
