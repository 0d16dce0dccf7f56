import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { jobBody, postJob } from '../../test/jobs'

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const fund = (id: string) =>
  ctx.database.db.execute(
    sql`update jobs set funded_paise = 100, fund_status = 'In Escrow' where id = ${id}::uuid`,
  )
const post = (s: Session | null, payload: object, extra: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/job/post', payload, ...extra })

describe('POST /api/v1/job/post', () => {
  it('401 without a session', async () => {
    const res = await post(null, jobBody())
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ success: false, code: 'unauthorized' })
  })
  it('403 for a freelancer', async () => {
    const res = await post(ravi, jobBody())
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ success: false, code: 'wrong_role' })
    expect(res.json().message).toMatch(/Only clients can post jobs/)
  })
  it('403 without the CSRF header', async () => {
    expect((await post(asha, jobBody(), { csrf: false })).statusCode).toBe(403)
  })
  it('posts an active job with the spec’s fields; the browser’s total is ignored', async () => {
    const res = await post(asha, jobBody({ total: '1', hours: '10', jobType: 'Contract' }))
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ success: true, message: 'Job posted successfully!' })
    expect(body.job).toMatchObject({
      title: 'React developer for a booking widget',
      paymentType: 'one-time',
      amount: 15000,
      rate: null,
      units: null,
      total: 15000,
      fundStatus: 'Not Initiated',
      fundedAmount: 0,
      status: 'active',
      isActive: true,
      locationPreference: 'Remote',
      remote: true,
      category: 'Jobs',
      skills: ['React', 'TypeScript'],
      views: 0,
      applicationProcess: 'quick-apply',
      applications: [],
      applicationCount: 0,
      jobType: 'Contract',
      hours: 10,
      duration: 2,
      created_by: { _id: asha.user._id, userId: asha.user.userId, fullname: 'Asha Iyer' },
    })
    expect(typeof body.job._id).toBe('string')
  })
  it.each([
    ['one-time', { amount: '2500.50' }, { amount: 2500.5, total: 2500.5 }],
    ['per-unit', { rate: '19.99', units: '3' }, { rate: 19.99, units: 3, total: 59.97, amount: null }],
    [
      'recurring',
      { rate: '12000', frequency: 'monthly', cycles: '6' },
      { rate: 12000, cycles: 6, frequency: 'monthly', total: 72000 },
    ],
    ['recurring', { rate: '4999', frequency: 'weekly' }, { cycles: 1, total: 4999 }],
  ])('computes the %s total on the server', async (paymentType, fields, expected) => {
    const job = await postJob(ctx.app, asha, { paymentType, amount: '', ...fields, total: '123' })
    expect(job).toMatchObject({ paymentType, ...expected })
  })
  it('answers 400 "Please fill all required fields" for a blank title, description or payment type', async () => {
    for (const missing of [{ title: '  ' }, { description: '' }, { paymentType: '' }]) {
      const res = await post(asha, jobBody(missing))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Please fill all required fields',
        code: 'validation_failed',
      })
    }
  })
  it('answers each field’s message for bad numbers, locations and deadlines', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '12,000' }, 'Amount must contain only digits with an optional decimal point'],
      [{ amount: '10.001' }, 'Amount can have at most 2 decimal places'],
      [{ paymentType: 'per-unit', rate: '100', units: '1.5' }, 'Units must be a whole number'],
      [{ duration: 'two' }, 'Duration must contain only digits with an optional decimal point'],
      [{ locationPreference: 'Mars' }, 'Choose one of the 28 states, the 8 union territories, or Remote'],
      [{ deadline: '2001-01-01' }, 'The deadline must be today or later'],
    ]
    for (const [fields, message] of cases) {
      const res = await post(asha, jobBody(fields))
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message).toBe(message)
    }
  })
  it('keeps a draft when asked ("Save as draft")', async () => {
    expect((await postJob(ctx.app, asha, { status: 'draft' })).status).toBe('draft')
  })
  it('lets an operator (admin) post', async () => {
    const op = await signUp(ctx, { email: 'ops@example.in', fullname: 'Ops Desk', role: 'client' })
    await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${op.user._id}::uuid`)
    expect((await post(op, jobBody())).statusCode).toBe(201)
  })
  it('names only one of the poster’s own companies', async () => {
    const company = await injectAs(ctx.app, vikram, {
      method: 'POST',
      url: '/api/v1/company',
      payload: { name: 'PaisaSetu' },
    })
    const companyId = company.json().company._id
    const foreign = await post(asha, jobBody({ companyId }))
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().code).toBe('not_company_owner')
    const own = await postJob(ctx.app, vikram, { companyId })
    expect(own.company).toMatchObject({ _id: companyId, name: 'PaisaSetu' })
  })
})

describe('PUT /api/v1/job/:id', () => {
  it('401 without a session', async () => {
    const job = await postJob(ctx.app, asha)
    const url = `/api/v1/job/${job._id}`
    expect((await injectAs(ctx.app, null, { method: 'PUT', url, payload: jobBody() })).statusCode).toBe(401)
  })
  it('403 for another client and for a freelancer', async () => {
    const job = await postJob(ctx.app, asha)
    const url = `/api/v1/job/${job._id}`
    for (const s of [vikram, ravi]) {
      const res = await injectAs(ctx.app, s, { method: 'PUT', url, payload: jobBody({ title: 'Mine now' }) })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ code: 'not_job_owner' })
    }
  })
  it('404 for an unknown job', async () => {
    const missing = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url: '/api/v1/job/00000000-0000-0000-0000-000000000000',
      payload: jobBody(),
    })
    expect(missing.statusCode).toBe(404)
  })
  it('keeps a passed deadline that the form sends back as its date; another past date is refused', async () => {
    const job = await postJob(ctx.app, asha)
    // Passed ten days ago, at 09:30 in India (the seed and API clients store any time of day).
    const stored = new Date(Date.now() - 10 * 86_400_000)
    stored.setUTCHours(4, 0, 0, 0)
    await ctx.database.db.execute(
      sql`update jobs set deadline = ${stored.toISOString()}::timestamptz where id = ${job._id}::uuid`,
    )
    const sameDay = new Date(stored.getTime() + 330 * 60_000).toISOString().slice(0, 10)
    const put = (deadline: string) =>
      injectAs(ctx.app, asha, {
        method: 'PUT',
        url: `/api/v1/job/${job._id}`,
        payload: jobBody({ title: 'Edited after the deadline', deadline }),
      })
    const ok = await put(sameDay)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().job).toMatchObject({
      title: 'Edited after the deadline',
      deadline: stored.toISOString(),
    })
    const dayBefore = new Date(stored.getTime() - 86_400_000 + 330 * 60_000).toISOString().slice(0, 10)
    const refused = await put(dayBefore)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ deadline: 'The deadline must be today or later' })
  })
  it('lets the creator change fields and recomputes the total', async () => {
    const job = await postJob(ctx.app, asha)
    const res = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url: `/api/v1/job/${job._id}`,
      payload: jobBody({
        title: 'Edited title',
        paymentType: 'per-unit',
        rate: '250',
        units: '8',
        total: '1',
      }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().job).toMatchObject({
      title: 'Edited title',
      total: 2000,
      amount: null,
      status: 'active',
    })
  })
  it('refuses an invalid edit with the field’s message', async () => {
    const job = await postJob(ctx.app, asha)
    const res = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url: `/api/v1/job/${job._id}`,
      payload: jobBody({ description: ' ' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('Please fill all required fields')
  })
  it('409 when money terms change after funding', async () => {
    const job = await postJob(ctx.app, asha)
    await fund(job._id)
    const url = `/api/v1/job/${job._id}`
    const money = await injectAs(ctx.app, asha, { method: 'PUT', url, payload: jobBody({ amount: '1' }) })
    expect(money.statusCode).toBe(409)
    expect(money.json().code).toBe('job_funded')
  })
  it('still takes edits that leave the money alone after funding', async () => {
    const job = await postJob(ctx.app, asha)
    await fund(job._id)
    const url = `/api/v1/job/${job._id}`
    const text = await injectAs(ctx.app, asha, { method: 'PUT', url, payload: jobBody({ title: 'Clearer' }) })
    expect(text.statusCode).toBe(200)
  })
})
