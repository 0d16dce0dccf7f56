import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import { checkout, fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer, hired
let meera: Session // freelancer, not hired
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000' })
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
})
afterAll(() => ctx?.close())

const post = (s: Session | null, url: string, payload: object, headers: Record<string, string> = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload, headers })
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const summary = async (jobId: string, s: Session = asha) =>
  (await get(s, `/api/v1/payments/job/${jobId}`)).json().data
const ledgerCount = async () =>
  Number((await ctx.database.db.execute(sql`select count(*)::int as n from ledger_entries`)).rows[0].n)
/** A user's notifications about one job, so a test sees only what its own job caused. */
const notificationsAbout = async (userId: string, jobId: string) =>
  (
    await ctx.database.db.execute(
      sql`select type, message from notifications
           where user_id = ${userId}::uuid and metadata->>'jobId' = ${jobId}`,
    )
  ).rows as { type: string; message: string }[]
const typesAbout = async (userId: string, jobId: string) =>
  (await notificationsAbout(userId, jobId)).map((n) => n.type)

describe('POST /api/payments/create-order', () => {
  it('401 without a session', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    expect((await post(null, '/api/payments/create-order', { jobId: job._id })).statusCode).toBe(401)
  })
  it('403 for another client and for a freelancer', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    const other = await post(vikram, '/api/payments/create-order', { jobId: job._id })
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ success: false, code: 'not_job_owner' })
    expect((await post(ravi, '/api/payments/create-order', { jobId: job._id })).statusCode).toBe(403)
  })
  it('404 for an unknown job', async () => {
    const missing = await post(asha, '/api/payments/create-order', {
      jobId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.statusCode).toBe(404)
  })
  it('computes the amount on the server and answers in Razorpay formats', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const res = await post(asha, '/api/v1/payments/create-order', { jobId: job._id, units: 3 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, amount: 1500, currency: 'INR', units: 3 })
    expect(res.json().orderId).toMatch(/^order_[A-Za-z0-9]{14}$/)
    expect(res.json().keyId).toBeTruthy()
  })
  it('clamps units to what the job has', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const clamped = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 99 })
    expect(clamped.json()).toMatchObject({ amount: 2500, units: 5 })
  })
  it('400 on bad units', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    for (const units of [0, -1, 1.5, 'abc']) {
      const res = await post(asha, '/api/payments/create-order', { jobId: job._id, units })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' })
    }
  })
  it('400 on a tampered amount', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const tampered = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 2, amount: 1 })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().code).toBe('amount_mismatch')
  })
  it('accepts an amount that matches the server’s', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const ok = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 2, amount: 1000 })
    expect(ok.json()).toMatchObject({ success: true, amount: 1000 })
  })
  it('409 for a closed job', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    await post(asha, `/api/v1/job/${job._id}/status`, { status: 'closed' })
    const res = await post(asha, '/api/payments/create-order', { jobId: job._id })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('job_closed')
  })
  it('409 for a free job, one-time or per-unit, and no order is written', async () => {
    const orders = async () =>
      Number((await ctx.database.db.execute(sql`select count(*)::int as n from payment_orders`)).rows[0].n)
    const before = await orders()
    for (const overrides of [
      { isFree: true, amount: '0' },
      { ...perUnit(3, '0'), isFree: true },
    ]) {
      const job = await hiredJob(ctx.app, asha, ravi, overrides)
      const res = await post(asha, '/api/payments/create-order', { jobId: job._id })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        success: false,
        code: 'free_job',
        message: 'This job is free, so there is nothing to pay into escrow',
      })
    }
    expect(await orders()).toBe(before)
  })
})

describe('POST /api/payments/verify', () => {
  /** A per-unit job hiring Ravi, and Asha's paid checkout for 3 of its 5 units, not yet verified. */
  async function paidCheckout() {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    const { result } = await checkout(ctx.app, asha, job._id, { units: 3 })
    return { job, body: { jobId: job._id, ...result } }
  }
  it('401 without a session', async () => {
    const { body } = await paidCheckout()
    expect((await post(null, '/api/payments/verify', body)).statusCode).toBe(401)
  })
  it('403 for another client', async () => {
    const { body } = await paidCheckout()
    expect((await post(vikram, '/api/payments/verify', body)).statusCode).toBe(403)
  })
  it('books the payment: In Escrow on the summary and the job, the ledger balanced', async () => {
    const { job, body } = await paidCheckout()
    const ok = await post(asha, '/api/payments/verify', body)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, booked: true })
    expect(ok.json().message).toContain('₹1,500.00 is now held in escrow')
    expect(await summary(job._id)).toMatchObject({
      fundStatus: 'In Escrow',
      funded: 1500,
      inEscrow: 1500,
      fundedUnits: 3,
      released: 0,
    })
    const jobNow = (await get(asha, `/api/v1/job/${job._id}`)).json().job
    expect(jobNow).toMatchObject({ fundStatus: 'In Escrow', fundedAmount: 1500, fundedUnits: 3 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
  it('tells the client and the hired freelancer that the money is in escrow', async () => {
    const { job, body } = await paidCheckout()
    await post(asha, '/api/payments/verify', body)
    expect(await typesAbout(asha.user._id, job._id)).toContain('payment_funded')
    expect(await typesAbout(ravi.user._id, job._id)).toContain('payment_funded')
  })
  it('books nothing on a second verify of the same payment', async () => {
    const { job, body } = await paidCheckout()
    await post(asha, '/api/payments/verify', body)
    const again = await post(asha, '/api/payments/verify', body)
    expect(again.json()).toMatchObject({ success: true, booked: false })
    expect(await summary(job._id)).toMatchObject({ funded: 1500, fundedUnits: 3 })
  })
  describe('refuses, with no ledger change', () => {
    /** A one-time job with a paid checkout, another of Asha's jobs, and the ledger's size before any verify. */
    async function refusalSetup() {
      const job = await hiredJob(ctx.app, asha, null)
      const other = await hiredJob(ctx.app, asha, null)
      const { result } = await checkout(ctx.app, asha, job._id)
      return { job, other, result, before: await ledgerCount() }
    }
    it('a wrong signature', async () => {
      const { job, result, before } = await refusalSetup()
      const bad = await post(asha, '/api/payments/verify', {
        jobId: job._id,
        ...result,
        razorpay_signature: '0'.repeat(64),
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ message: 'Payment verification failed', code: 'bad_signature' })
      expect(await ledgerCount()).toBe(before)
      expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
    })
    it('another job’s order', async () => {
      const { other, result, before } = await refusalSetup()
      const wrongJob = await post(asha, '/api/payments/verify', { jobId: other._id, ...result })
      expect(wrongJob.statusCode).toBe(400)
      expect(wrongJob.json().code).toBe('order_job_mismatch')
      expect(await ledgerCount()).toBe(before)
    })
    it('a tampered amount', async () => {
      const { job, result, before } = await refusalSetup()
      const tampered = await post(asha, '/api/payments/verify', { jobId: job._id, ...result, amount: 1 })
      expect(tampered.statusCode).toBe(400)
      expect(tampered.json().code).toBe('amount_mismatch')
      expect(await ledgerCount()).toBe(before)
      expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
    })
  })
  it('400 with the field when a checkout field is missing', async () => {
    const res = await post(asha, '/api/payments/verify', { jobId: 'x', razorpay_order_id: 'order_x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toHaveProperty('razorpay_payment_id')
  })
  it('many verifies of one payment at once book it once', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const { result } = await checkout(ctx.app, asha, job._id, { units: 2 })
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(asha, '/api/payments/verify', { jobId: job._id, ...result })),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(answers.filter((a) => a.json().booked).length).toBe(1)
    expect(await summary(job._id)).toMatchObject({ funded: 1000, fundedUnits: 2 })
  })
})

describe('POST /api/payments/sandbox/pay', () => {
  /** A one-time job of Asha's and her order for it. */
  async function order() {
    const job = await hiredJob(ctx.app, asha, null)
    const o = (await post(asha, '/api/payments/create-order', { jobId: job._id })).json()
    return { job, orderId: o.orderId as string }
  }
  it('401 without a session', async () => {
    const { orderId } = await order()
    expect((await post(null, '/api/payments/sandbox/pay', { orderId, outcome: 'success' })).statusCode).toBe(
      401,
    )
  })
  it('403 for another user’s order', async () => {
    const { orderId } = await order()
    const res = await post(vikram, '/api/payments/sandbox/pay', { orderId, outcome: 'success' })
    expect(res.statusCode).toBe(403)
  })
  it('400 for an unknown outcome', async () => {
    const { orderId } = await order()
    expect((await post(asha, '/api/payments/sandbox/pay', { orderId, outcome: 'maybe' })).statusCode).toBe(
      400,
    )
  })
  it('answers a failure as Razorpay does, tells the payer, and funds nothing', async () => {
    const { job, orderId } = await order()
    const failed = await post(asha, '/api/payments/sandbox/pay', { orderId, outcome: 'failure' })
    expect(failed.json()).toMatchObject({ outcome: 'failure', error: { reason: 'payment_failed' } })
    expect(await typesAbout(asha.user._id, job._id)).toContain('payment_failed')
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
  })
  it('answers a cancel and funds nothing', async () => {
    const { job, orderId } = await order()
    const cancelled = await post(asha, '/api/payments/sandbox/pay', { orderId, outcome: 'cancel' })
    expect(cancelled.json()).toEqual({ success: true, outcome: 'cancel' })
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
  })
})

describe('POST /api/v1/payments/release', () => {
  /** A per-unit job (₹500 × 5) hiring Ravi, with 3 units funded. */
  async function fundedJob() {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 3 })
    return job
  }
  it('401 without a session', async () => {
    const job = await fundedJob()
    expect((await post(null, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(401)
  })
  it('403 for the hired freelancer and for another client', async () => {
    const job = await fundedJob()
    expect((await post(ravi, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(403)
    expect((await post(vikram, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(403)
  })
  it('400 for zero units', async () => {
    const job = await fundedJob()
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 0 })).statusCode).toBe(400)
  })
  it('releases part of what is held, less the platform fee', async () => {
    const job = await fundedJob()
    const two = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 })
    expect(two.statusCode).toBe(200)
    expect(two.json().message).toBe('Released ₹1,000.00 to Ravi Kumar')
    expect(two.json().data).toMatchObject({ released: 1000, inEscrow: 500, releasedUnits: 2, fees: 100 })
  })
  it('releases the rest when asked for more units than are held, and the job reads Released', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 })
    const rest = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 50 })
    expect(rest.json().data).toMatchObject({
      released: 1500,
      inEscrow: 0,
      releasedUnits: 3,
      fundStatus: 'Released',
    })
  })
  it('409 once nothing is left in escrow', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/release', { jobId: job._id })
    const beyond = await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(beyond.statusCode).toBe(409)
    expect(beyond.json().code).toBe('nothing_in_escrow')
  })
  it('tells the freelancer and shows in their earnings, less the fee and taxes', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(await typesAbout(ravi.user._id, job._id)).toContain('payment_released')
    const earnings = (await get(ravi, '/api/v1/payments/earnings')).json().data
    expect(earnings.jobs).toContainEqual(expect.objectContaining({ jobId: job._id, earned: 1248, fees: 150 }))
  })
  it('shows in the client’s funding', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/release', { jobId: job._id })
    const funding = (await get(asha, '/api/v1/payments/earnings')).json().data.funding
    expect(funding.jobs).toContainEqual({
      jobId: job._id,
      title: job.title,
      funded: 1500,
      released: 1500,
      refunded: 0,
      inEscrow: 0,
    })
  })
  it('409 without an accepted freelancer', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    await fund(ctx.app, asha, job._id)
    const res = await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('no_freelancer')
  })
  it('concurrent releases never over-release and the ledger stays balanced', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    await fund(ctx.app, asha, job._id, { units: 4 })
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 })),
    )
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(4)
    expect(answers.filter((a) => a.statusCode === 409).length).toBe(4)
    expect(await summary(job._id)).toMatchObject({ released: 2000, inEscrow: 0, releasedUnits: 4 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})

describe('the hired freelancer while money is paid in', () => {
  /** A per-unit job with Ravi accepted and 2 units funded; decide() changes his application's status. */
  async function fundedHire() {
    const job = await postJob(ctx.app, asha, perUnit(5))
    const application = await applyTo(ctx.app, ravi, job._id)
    const decide = (status: string) =>
      injectAs(ctx.app, asha, {
        method: 'PATCH',
        url: `/api/v1/application/applications/${application._id}/status`,
        payload: { status },
      })
    expect((await decide('accepted')).statusCode).toBe(200)
    await fund(ctx.app, asha, job._id, { units: 2 })
    return { job, application, decide }
  }
  it('409 to reject them while escrow holds money, and nothing changes', async () => {
    const { job, decide } = await fundedHire()
    const reject = await decide('rejected')
    expect(reject.statusCode).toBe(409)
    expect(reject.json()).toMatchObject({
      success: false,
      code: 'application_funded',
      message: 'Money is in escrow for this freelancer on this job. Refund it before rejecting them.',
    })
    // Nothing changed: Ravi is still the hired freelancer and can deliver.
    expect((await summary(job._id)).freelancer).toMatchObject({ _id: ravi.user._id })
    expect(await typesAbout(ravi.user._id, job._id)).not.toContain('application_rejected')
  })
  it('409 for them to withdraw while escrow holds money', async () => {
    const { job, application } = await fundedHire()
    const withdraw = await injectAs(ctx.app, ravi, {
      method: 'DELETE',
      url: `/api/v1/application/applications/${application._id}`,
    })
    expect(withdraw.statusCode).toBe(409)
    expect(withdraw.json().code).toBe('application_funded')
    expect((await summary(job._id)).freelancer).toMatchObject({ _id: ravi.user._id })
  })
  it('lets the client reject them after a full refund', async () => {
    const { job, decide } = await fundedHire()
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const after = await decide('rejected')
    expect(after.statusCode).toBe(200)
    expect(after.json().message).toBe('Application rejected')
  })
})

describe('POST /api/v1/payments/refund', () => {
  /** A per-unit job hiring Ravi, with 2 units (₹1,000) funded. */
  async function fundedJob() {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 2 })
    return job
  }
  it('401 without a session', async () => {
    const job = await fundedJob()
    expect((await post(null, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(401)
  })
  it('403 for the hired freelancer', async () => {
    const job = await fundedJob()
    expect((await post(ravi, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(403)
  })
  it('returns all that is held to the client', async () => {
    const job = await fundedJob()
    const ok = await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data).toMatchObject({ refunded: 1000, inEscrow: 0, fundStatus: 'Not Initiated' })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
  it('409 when nothing is left to refund', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(409)
  })
  it('tells both sides: the client got the money back, the hired freelancer lost what was held', async () => {
    const job = await fundedJob()
    await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect(await notificationsAbout(asha.user._id, job._id)).toContainEqual({
      type: 'payment_refunded',
      message: `₹1,000.00 in escrow for “${job.title}” was refunded to you`,
    })
    expect(await notificationsAbout(ravi.user._id, job._id)).toContainEqual({
      type: 'payment_refunded',
      message: `₹1,000.00 held in escrow for “${job.title}” went back to the client`,
    })
  })
})

describe('closing or deleting a funded job', () => {
  it('closing refunds what is unreleased and keeps what was released', async () => {
    const closing = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, closing._id, { units: 3 })
    await post(asha, '/api/v1/payments/release', { jobId: closing._id, units: 1 })
    await post(asha, `/api/v1/job/${closing._id}/status`, { status: 'closed' })
    expect(await summary(closing._id)).toMatchObject({
      released: 500,
      refunded: 1000,
      inEscrow: 0,
      fundStatus: 'Released',
    })
  })
  it('deleting refunds what is held first', async () => {
    const deleting = await hiredJob(ctx.app, asha, null)
    await fund(ctx.app, asha, deleting._id)
    const del = await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/job/${deleting._id}` })
    expect(del.statusCode).toBe(200)
    const refunded = await ctx.database.db.execute(
      sql`select amount_paise from ledger_transactions where job_id = ${deleting._id}::uuid and kind = 'refund'`,
    )
    expect(refunded.rows.map((r: any) => Number(r.amount_paise))).toEqual([1500000])
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})

describe('Idempotency-Key', () => {
  /** A per-unit job hiring Ravi with all 5 units funded. */
  async function fundedJob() {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 5 })
    return job
  }
  it('replays the first answer for the same key and parameters', async () => {
    const job = await fundedJob()
    const key = { 'idempotency-key': 'release-key-0001' }
    const first = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }, key)
    const replay = await post(asha, '/api/payments/release', { units: 1, jobId: job._id }, key)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    expect((await summary(job._id)).releasedUnits).toBe(1)
  })
  it('422 for the same key with other parameters', async () => {
    const job = await fundedJob()
    const key = { 'idempotency-key': 'release-key-0003' }
    await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }, key)
    const other = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
  })
  it('has one effect for concurrent duplicates', async () => {
    const job = await fundedJob()
    const key = { 'idempotency-key': 'release-key-0002' }
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }, key),
      ),
    )
    expect(burst.every((b) => b.statusCode === 200)).toBe(true)
    expect((await summary(job._id)).releasedUnits).toBe(1)
  })
  it('400 for a malformed key', async () => {
    const job = await fundedJob()
    const bad = await post(asha, '/api/v1/payments/release', { jobId: job._id }, { 'idempotency-key': 'x' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/v1/payments/job/:jobId', () => {
  it('401 without a session', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await get(null, `/api/v1/payments/job/${job._id}`)).statusCode).toBe(401)
  })
  it('403 for a stranger', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await get(meera, `/api/v1/payments/job/${job._id}`)).statusCode).toBe(403)
  })
  it('answers the hired freelancer the escrow summary', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await get(ravi, `/api/payments/job/${job._id}`)).json().data).toMatchObject({
      fundStatus: 'Not Initiated',
      total: 15000,
      freelancer: { fullname: 'Ravi Kumar' },
    })
  })
})

describe('GET /api/v1/payments/earnings', () => {
  it('401 without a session', async () => {
    expect((await get(null, '/api/v1/payments/earnings')).statusCode).toBe(401)
  })
  it('answers nothing earned to someone never paid', async () => {
    const mine = await get(meera, '/api/v1/payments/earnings')
    expect(mine.json()).toMatchObject({ success: true, data: { earned: 0, jobs: [] } })
  })
})

describe('POST /api/v1/job/:id/submit-work and /request-payment', () => {
  const submitUrl = (jobId: string) => `/api/v1/job/${jobId}/submit-work`
  const requestUrl = (jobId: string) => `/api/v1/job/${jobId}/request-payment`
  it('401 without a session', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await post(null, submitUrl(job._id), {})).statusCode).toBe(401)
  })
  it('403 for anyone but the hired freelancer, the creator too', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await post(meera, submitUrl(job._id), { message: 'mine' })).statusCode).toBe(403)
    expect((await post(asha, requestUrl(job._id), {})).statusCode).toBe(403)
  })
  it('400 for zero units in a payment request', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await post(ravi, requestUrl(job._id), { units: 0 })).statusCode).toBe(400)
  })
  it('submits work and tells the creator', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const ok = await post(ravi, submitUrl(job._id), { message: 'Done: https://example.in/demo' })
    expect(ok.json()).toEqual({ success: true, message: 'Work submitted' })
    expect(await typesAbout(asha.user._id, job._id)).toContain('work_submitted')
    expect(await summary(job._id)).toMatchObject({ workSubmitted: true, paymentRequested: false })
  })
  it('requests payment and tells the creator', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const ok = await post(ravi, requestUrl(job._id), { message: 'Please release' })
    expect(ok.json().message).toBe('Payment requested')
    expect(await typesAbout(asha.user._id, job._id)).toContain('payment_requested')
    expect(await summary(job._id)).toMatchObject({ workSubmitted: false, paymentRequested: true })
  })
})
