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
const notificationsOf = async (userId: string) =>
  (
    await ctx.database.db.execute(
      sql`select type, message from notifications where user_id = ${userId}::uuid`,
    )
  ).rows as { type: string; message: string }[]

describe('POST /api/payments/create-order', () => {
  it('401 anonymous, 403 another user, 404 unknown job', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    expect((await post(null, '/api/payments/create-order', { jobId: job._id })).statusCode).toBe(401)
    const other = await post(vikram, '/api/payments/create-order', { jobId: job._id })
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ success: false, code: 'not_job_owner' })
    expect((await post(ravi, '/api/payments/create-order', { jobId: job._id })).statusCode).toBe(403)
    const missing = await post(asha, '/api/payments/create-order', {
      jobId: '00000000-0000-4000-8000-000000000000',
    })
    expect(missing.statusCode).toBe(404)
  })
  it('computes the amount on the server, clamps units and answers in Razorpay formats', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    const res = await post(asha, '/api/v1/payments/create-order', { jobId: job._id, units: 3 })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, amount: 1500, currency: 'INR', units: 3 })
    expect(res.json().orderId).toMatch(/^order_[A-Za-z0-9]{14}$/)
    expect(res.json().keyId).toBeTruthy()
    const clamped = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 99 })
    expect(clamped.json()).toMatchObject({ amount: 2500, units: 5 })
  })
  it('400 on bad units, 400 on a tampered amount; a matching amount is accepted', async () => {
    const job = await hiredJob(ctx.app, asha, null, perUnit(5))
    for (const units of [0, -1, 1.5, 'abc']) {
      const res = await post(asha, '/api/payments/create-order', { jobId: job._id, units })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' })
    }
    const tampered = await post(asha, '/api/payments/create-order', { jobId: job._id, units: 2, amount: 1 })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().code).toBe('amount_mismatch')
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
  it('401, 403 and the happy path: books once, In Escrow, notifications', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    const { result } = await checkout(ctx.app, asha, job._id, { units: 3 })
    const body = { jobId: job._id, ...result }
    expect((await post(null, '/api/payments/verify', body)).statusCode).toBe(401)
    expect((await post(vikram, '/api/payments/verify', body)).statusCode).toBe(403)
    const ok = await post(asha, '/api/payments/verify', body)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, booked: true })
    expect(ok.json().message).toContain('₹1,500.00 is now held in escrow')
    const again = await post(asha, '/api/payments/verify', body)
    expect(again.json()).toMatchObject({ success: true, booked: false })
    expect(await summary(job._id)).toMatchObject({
      fundStatus: 'In Escrow',
      funded: 1500,
      inEscrow: 1500,
      fundedUnits: 3,
      released: 0,
    })
    const jobNow = (await get(asha, `/api/v1/job/${job._id}`)).json().job
    expect(jobNow).toMatchObject({ fundStatus: 'In Escrow', fundedAmount: 1500, fundedUnits: 3 })
    expect((await notificationsOf(asha.user._id)).map((n) => n.type)).toContain('payment_funded')
    expect((await notificationsOf(ravi.user._id)).map((n) => n.type)).toContain('payment_funded')
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
  it('refuses a wrong signature, another job’s order, and a tampered amount — no ledger change', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    const other = await hiredJob(ctx.app, asha, null)
    const { result } = await checkout(ctx.app, asha, job._id)
    const before = await ledgerCount()
    const bad = await post(asha, '/api/payments/verify', {
      jobId: job._id,
      ...result,
      razorpay_signature: '0'.repeat(64),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ message: 'Payment verification failed', code: 'bad_signature' })
    const wrongJob = await post(asha, '/api/payments/verify', { jobId: other._id, ...result })
    expect(wrongJob.statusCode).toBe(400)
    expect(wrongJob.json().code).toBe('order_job_mismatch')
    const tampered = await post(asha, '/api/payments/verify', { jobId: job._id, ...result, amount: 1 })
    expect(tampered.statusCode).toBe(400)
    expect(tampered.json().code).toBe('amount_mismatch')
    expect(await ledgerCount()).toBe(before)
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
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
  it('401, 403 for another user’s order, failure and cancel change nothing', async () => {
    const job = await hiredJob(ctx.app, asha, null)
    const order = (await post(asha, '/api/payments/create-order', { jobId: job._id })).json()
    expect(
      (await post(null, '/api/payments/sandbox/pay', { orderId: order.orderId, outcome: 'success' }))
        .statusCode,
    ).toBe(401)
    expect(
      (await post(vikram, '/api/payments/sandbox/pay', { orderId: order.orderId, outcome: 'success' }))
        .statusCode,
    ).toBe(403)
    const bad = await post(asha, '/api/payments/sandbox/pay', { orderId: order.orderId, outcome: 'maybe' })
    expect(bad.statusCode).toBe(400)
    const failed = await post(asha, '/api/payments/sandbox/pay', {
      orderId: order.orderId,
      outcome: 'failure',
    })
    expect(failed.json()).toMatchObject({ outcome: 'failure', error: { reason: 'payment_failed' } })
    const cancelled = await post(asha, '/api/payments/sandbox/pay', {
      orderId: order.orderId,
      outcome: 'cancel',
    })
    expect(cancelled.json()).toEqual({ success: true, outcome: 'cancel' })
    expect((await summary(job._id)).fundStatus).toBe('Not Initiated')
    expect((await notificationsOf(asha.user._id)).map((n) => n.type)).toContain('payment_failed')
  })
})

describe('POST /api/v1/payments/release', () => {
  it('401, 403 for the freelancer and others, happy partial and full release with the fee', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 3 })
    expect((await post(null, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(401)
    const byFreelancer = await post(ravi, '/api/v1/payments/release', { jobId: job._id })
    expect(byFreelancer.statusCode).toBe(403)
    expect((await post(vikram, '/api/v1/payments/release', { jobId: job._id })).statusCode).toBe(403)
    expect((await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 0 })).statusCode).toBe(400)
    const two = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 })
    expect(two.statusCode).toBe(200)
    expect(two.json().message).toBe('Released ₹1,000.00 to Ravi Kumar')
    expect(two.json().data).toMatchObject({ released: 1000, inEscrow: 500, releasedUnits: 2, fees: 100 })
    const rest = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 50 })
    expect(rest.json().data).toMatchObject({
      released: 1500,
      inEscrow: 0,
      releasedUnits: 3,
      fundStatus: 'Released',
    })
    const beyond = await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(beyond.statusCode).toBe(409)
    expect(beyond.json().code).toBe('nothing_in_escrow')
    const earnings = (await get(ravi, '/api/v1/payments/earnings')).json().data
    expect(earnings.jobs).toContainEqual(expect.objectContaining({ jobId: job._id, earned: 1350, fees: 150 }))
    expect((await notificationsOf(ravi.user._id)).map((n) => n.type)).toContain('payment_released')
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
  it('409 to reject them or for them to withdraw while escrow holds money; after a full refund both work', async () => {
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

    const reject = await decide('rejected')
    expect(reject.statusCode).toBe(409)
    expect(reject.json()).toMatchObject({
      success: false,
      code: 'application_funded',
      message: 'Money is in escrow for this freelancer on this job. Refund it before rejecting them.',
    })
    const withdraw = await injectAs(ctx.app, ravi, {
      method: 'DELETE',
      url: `/api/v1/application/applications/${application._id}`,
    })
    expect(withdraw.statusCode).toBe(409)
    expect(withdraw.json().code).toBe('application_funded')
    // Nothing changed: Ravi is still the hired freelancer and can deliver.
    expect((await summary(job._id)).freelancer).toMatchObject({ _id: ravi.user._id })
    expect(await notificationsOf(ravi.user._id)).not.toContainEqual(
      expect.objectContaining({ type: 'application_rejected' }),
    )

    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(200)
    const after = await decide('rejected')
    expect(after.statusCode).toBe(200)
    expect(after.json().message).toBe('Application rejected')
  })
})

describe('refunds', () => {
  it('POST /refund: 401, 403, happy; closing a job refunds what is unreleased; delete refunds too', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 2 })
    expect((await post(null, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(401)
    expect((await post(ravi, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(403)
    const ok = await post(asha, '/api/v1/payments/refund', { jobId: job._id })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().data).toMatchObject({ refunded: 1000, inEscrow: 0, fundStatus: 'Not Initiated' })
    expect((await post(asha, '/api/v1/payments/refund', { jobId: job._id })).statusCode).toBe(409)
    // Both sides hear of it: the client got the money back, the hired freelancer lost what was held for them.
    expect(await notificationsOf(asha.user._id)).toContainEqual({
      type: 'payment_refunded',
      message: `₹1,000.00 in escrow for “${job.title}” was refunded to you`,
    })
    expect(await notificationsOf(ravi.user._id)).toContainEqual({
      type: 'payment_refunded',
      message: `₹1,000.00 held in escrow for “${job.title}” went back to the client`,
    })

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
  it('replays the first answer, 422 on other parameters, one effect for concurrent duplicates', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 5 })
    const key = { 'idempotency-key': 'release-key-0001' }
    const first = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }, key)
    const replay = await post(asha, '/api/payments/release', { units: 1, jobId: job._id }, key)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
    const other = await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 2 }, key)
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('idempotency_key_reused')
    const key2 = { 'idempotency-key': 'release-key-0002' }
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 }, key2),
      ),
    )
    expect(burst.every((b) => b.statusCode === 200)).toBe(true)
    expect((await summary(job._id)).releasedUnits).toBe(2)
    const bad = await post(asha, '/api/v1/payments/release', { jobId: job._id }, { 'idempotency-key': 'x' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/v1/payments/job/:jobId and /earnings', () => {
  it('401, 403 for a stranger, 200 for the creator and the hired freelancer', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    expect((await get(null, `/api/v1/payments/job/${job._id}`)).statusCode).toBe(401)
    expect((await get(meera, `/api/v1/payments/job/${job._id}`)).statusCode).toBe(403)
    expect((await get(ravi, `/api/payments/job/${job._id}`)).json().data).toMatchObject({
      fundStatus: 'Not Initiated',
      total: 15000,
      freelancer: { fullname: 'Ravi Kumar' },
    })
    expect((await get(null, '/api/v1/payments/earnings')).statusCode).toBe(401)
    const mine = await get(meera, '/api/v1/payments/earnings')
    expect(mine.json()).toMatchObject({ success: true, data: { earned: 0, jobs: [] } })
  })
})

describe('POST /api/v1/job/:id/submit-work and /request-payment', () => {
  it('401, 403 for anyone but the hired freelancer; the creator is told', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const submit = `/api/v1/job/${job._id}/submit-work`
    const request = `/api/v1/job/${job._id}/request-payment`
    expect((await post(null, submit, {})).statusCode).toBe(401)
    expect((await post(meera, submit, { message: 'mine' })).statusCode).toBe(403)
    expect((await post(asha, request, {})).statusCode).toBe(403)
    const ok = await post(ravi, submit, { message: 'Done: https://example.in/demo' })
    expect(ok.json()).toEqual({ success: true, message: 'Work submitted' })
    expect((await post(ravi, request, { units: 0 })).statusCode).toBe(400)
    expect((await post(ravi, request, { message: 'Please release' })).json().message).toBe(
      'Payment requested',
    )
    const types = (await notificationsOf(asha.user._id)).map((n) => n.type)
    expect(types).toEqual(expect.arrayContaining(['work_submitted', 'payment_requested']))
    expect(await summary(job._id)).toMatchObject({ workSubmitted: true, paymentRequested: true })
  })
})
