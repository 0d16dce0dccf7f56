import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, jobBody, postJob } from '../../test/jobs'
import { checkout, fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'

const WEBHOOK_SECRET = 'contracts_webhook_secret_0123456789'

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer
let meera: Session // freelancer
let kiran: Session // freelancer
let ops: Session // operator
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000', RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET })
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  kiran = await signUp(ctx, { email: 'kiran@example.in', fullname: 'Kiran Rao' })
  ops = await signUp(ctx, { email: 'ops@example.in', fullname: 'Ops Person', role: 'client' })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${ops.user._id}::uuid`)
})
afterAll(() => ctx?.close())

const post = (s: Session | null, url: string, payload: object) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const decide = (s: Session, applicationId: string, status: string) =>
  injectAs(ctx.app, s, {
    method: 'PATCH',
    url: `/api/v1/application/applications/${applicationId}/status`,
    payload: { status },
  })
const contractsOf = async (jobId: string, s: Session = asha) =>
  (await get(s, `/api/v1/contracts?jobId=${jobId}`)).json().contracts as any[]
const contractOf = async (jobId: string) => (await contractsOf(jobId))[0]

/** A per-unit job with `openings`, and each of `hires` applied and accepted; returns the job and contracts. */
async function jobWithHires(openings: number, hires: Session[], units = 4) {
  const job = await postJob(ctx.app, asha, { ...perUnit(units), openings: String(openings) })
  const applications = []
  for (const s of hires) {
    const a = await applyTo(ctx.app, s, job._id)
    expect((await decide(asha, a._id, 'accepted')).statusCode).toBe(200)
    applications.push(a)
  }
  const contracts = (await contractsOf(job._id)).reverse()
  return { job, applications, contracts }
}

describe('GET /api/v1/contracts', () => {
  it('401 without a session', async () => {
    expect((await get(null, '/api/v1/contracts')).statusCode).toBe(401)
  })
  it('lists the caller’s contracts as client or freelancer, and ?jobId= narrows it', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const mine = (await get(ravi, '/api/v1/contracts')).json()
    expect(mine.success).toBe(true)
    expect(mine.contracts.some((c: any) => c.jobId === job._id)).toBe(true)
    const client = await contractsOf(job._id)
    expect(client).toHaveLength(1)
    expect(client[0]).toMatchObject({
      jobId: job._id,
      jobTitle: job.title,
      status: 'active',
      client: { fullname: 'Asha Iyer' },
      freelancer: { fullname: 'Ravi Kumar' },
      terms: { paymentType: 'one-time', amount: 15000, total: 15000 },
      escrow: { funded: 0, released: 0, refunded: 0, inEscrow: 0, fundStatus: 'Not Initiated' },
    })
    // Vikram is no party to it.
    expect((await get(vikram, `/api/v1/contracts?jobId=${job._id}`)).json().contracts).toEqual([])
    expect((await get(asha, '/api/v1/contracts?jobId=not-a-uuid')).json().contracts).toEqual([])
  })
})

describe('GET /api/v1/contracts/:id', () => {
  it('401 without a session, 404 for none, 403 for someone else, 200 for its client, freelancer and operators', async () => {
    const job = await hiredJob(ctx.app, asha, ravi)
    const { _id } = await contractOf(job._id)
    const url = `/api/v1/contracts/${_id}`
    expect((await get(null, url)).statusCode).toBe(401)
    expect((await get(asha, '/api/v1/contracts/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404)
    expect((await get(asha, '/api/v1/contracts/nope')).statusCode).toBe(404)
    const other = await get(vikram, url)
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('not_contract_party')
    expect((await get(meera, url)).statusCode).toBe(403)
    for (const s of [asha, ravi, ops]) {
      const res = await get(s, url)
      expect(res.statusCode).toBe(200)
      expect(res.json().contract).toMatchObject({ _id, jobId: job._id, status: 'active' })
    }
  })
  it('shows its own escrow in rupees after funding and a release', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(5))
    await fund(ctx.app, asha, job._id, { units: 3 })
    await post(asha, '/api/v1/payments/release', { jobId: job._id, units: 1 })
    const c = await contractOf(job._id)
    expect(c.escrow).toEqual({
      funded: 1500,
      released: 500,
      refunded: 0,
      inEscrow: 1000,
      fundedUnits: 3,
      releasedUnits: 1,
      fundStatus: 'In Escrow',
    })
    expect(c.terms).toMatchObject({
      paymentType: 'per-unit',
      rate: 500,
      units: 5,
      total: 2500,
      totalUnits: 5,
    })
  })
})

describe('openings', () => {
  it('a job has 1 opening by default; accepting a second applicant is a 409 that says so', async () => {
    const job = await postJob(ctx.app, asha)
    expect(job.openings).toBe(1)
    const a = await applyTo(ctx.app, ravi, job._id)
    const b = await applyTo(ctx.app, meera, job._id)
    expect((await decide(asha, a._id, 'accepted')).statusCode).toBe(200)
    const res = await decide(asha, b._id, 'accepted')
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'openings_filled',
      message: 'This job has 1 opening and it is filled. Raise the openings or reject someone first.',
    })
    expect(await contractsOf(job._id)).toHaveLength(1)
  })
  it('openings are 1..100 on the form', async () => {
    for (const openings of ['0', '101', '1.5']) {
      const res = await post(asha, '/api/v1/job/post', jobBody({ openings }))
      expect(res.statusCode).toBe(400)
      expect(res.json().errors.openings).toBeTruthy()
    }
    expect((await postJob(ctx.app, asha, { openings: '3' })).openings).toBe(3)
  })
  it('raising the openings lets the next accept through; lowering below the hires is refused', async () => {
    const { job, contracts } = await jobWithHires(1, [ravi])
    expect(contracts).toHaveLength(1)
    const b = await applyTo(ctx.app, meera, job._id)
    expect((await decide(asha, b._id, 'accepted')).statusCode).toBe(409)
    const put = (openings: string) =>
      injectAs(ctx.app, asha, {
        method: 'PUT',
        url: `/api/v1/job/${job._id}`,
        payload: jobBody({ ...perUnit(4), openings }),
      })
    expect((await put('2')).statusCode).toBe(200)
    expect((await decide(asha, b._id, 'accepted')).statusCode).toBe(200)
    const lower = await put('1')
    expect(lower.statusCode).toBe(409)
    expect(lower.json().code).toBe('openings_below_hires')
  })
  it('two accepts at once on a 1-opening job make one contract', async () => {
    const job = await postJob(ctx.app, asha)
    const a = await applyTo(ctx.app, ravi, job._id)
    const b = await applyTo(ctx.app, meera, job._id)
    const results = await Promise.all([decide(asha, a._id, 'accepted'), decide(asha, b._id, 'accepted')])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await contractsOf(job._id)).toHaveLength(1)
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from contracts where job_id = ${job._id}::uuid`,
    )
    expect(rows.rows[0].n).toBe(1)
  })
})

describe('money on a job with several hires', () => {
  it('jobId alone is 409 choose_contract; contractId funds, releases and refunds each hire on its own', async () => {
    const { job, contracts } = await jobWithHires(2, [ravi, meera])
    const [forRavi, forMeera] = contracts
    expect(forRavi.freelancer.fullname).toBe('Ravi Kumar')
    for (const route of ['create-order', 'release', 'refund']) {
      const res = await post(asha, `/api/v1/payments/${route}`, { jobId: job._id })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('choose_contract')
    }
    const funded = await fund(ctx.app, asha, job._id, { contractId: forRavi._id, units: 3 })
    expect(funded.contractId).toBe(forRavi._id)
    await fund(ctx.app, asha, job._id, { contractId: forMeera._id, units: 4 })
    const ravis = (await get(asha, `/api/v1/contracts/${forRavi._id}`)).json().contract
    const meeras = (await get(asha, `/api/v1/contracts/${forMeera._id}`)).json().contract
    expect(ravis.escrow).toMatchObject({ funded: 1500, inEscrow: 1500, fundedUnits: 3 })
    expect(meeras.escrow).toMatchObject({ funded: 2000, inEscrow: 2000, fundedUnits: 4 })
    // Meera's is fully funded; Ravi's has a unit left.
    expect(
      (await post(asha, '/api/v1/payments/create-order', { contractId: forMeera._id })).json().code,
    ).toBe('fully_funded')
    // The job keeps the aggregate.
    const agg = (await get(asha, `/api/v1/payments/job/${job._id}`)).json().data
    expect(agg).toMatchObject({ funded: 3500, inEscrow: 3500, fundedUnits: 7, fundStatus: 'In Escrow' })
    const rel = await post(asha, '/api/payments/release', { contractId: forMeera._id, units: 2 })
    expect(rel.statusCode).toBe(200)
    expect(rel.json().message).toBe('Released ₹1,000.00 to Meera Shah')
    const ref = await post(asha, '/api/v1/payments/refund', { jobId: job._id, contractId: forRavi._id })
    expect(ref.statusCode).toBe(200)
    const after = await contractsOf(job._id)
    const byId = Object.fromEntries(after.map((c) => [c._id, c.escrow]))
    expect(byId[forRavi._id]).toMatchObject({ funded: 1500, refunded: 1500, inEscrow: 0 })
    expect(byId[forMeera._id]).toMatchObject({
      funded: 2000,
      released: 1000,
      inEscrow: 1000,
      releasedUnits: 2,
    })
    // Each hire is paid into its own escrow account.
    const accounts = await ctx.database.db.execute(
      sql`select key from ledger_accounts where contract_id in (${forRavi._id}::uuid, ${forMeera._id}::uuid)`,
    )
    expect(accounts.rows).toHaveLength(2)
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
  it('a contract of another job is refused, and only the job’s client moves its money', async () => {
    const { contracts } = await jobWithHires(1, [kiran])
    const other = await postJob(ctx.app, asha)
    const mixed = await post(asha, '/api/v1/payments/create-order', {
      jobId: other._id,
      contractId: contracts[0]._id,
    })
    expect(mixed.statusCode).toBe(400)
    expect(mixed.json().code).toBe('contract_job_mismatch')
    expect(
      (await post(vikram, '/api/v1/payments/create-order', { contractId: contracts[0]._id })).statusCode,
    ).toBe(403)
    expect((await post(kiran, '/api/v1/payments/release', { contractId: contracts[0]._id })).statusCode).toBe(
      403,
    )
  })
})

describe('rejecting a hire', () => {
  it('409 once the contract is funded; an unfunded one ends, and re-accepting makes a fresh contract', async () => {
    const { job, applications, contracts } = await jobWithHires(2, [ravi, meera])
    await fund(ctx.app, asha, job._id, { contractId: contracts[0]._id, units: 1 })
    const refused = await decide(asha, applications[0]._id, 'rejected')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'application_funded',
      message: 'Money is in escrow for this freelancer on this job. Refund it before rejecting them.',
    })
    expect((await decide(asha, applications[1]._id, 'rejected')).statusCode).toBe(200)
    const ended = (await get(asha, `/api/v1/contracts/${contracts[1]._id}`)).json().contract
    expect(ended.status).toBe('ended')
    expect(ended.endedAt).toBeTruthy()
    expect(
      (await post(asha, '/api/v1/payments/create-order', { contractId: contracts[1]._id })).json().code,
    ).toBe('contract_ended')
    expect((await decide(asha, applications[1]._id, 'accepted')).statusCode).toBe(200)
    const now = await contractsOf(job._id)
    expect(now).toHaveLength(3)
    const fresh = now.find((c) => c.status === 'active' && c._id !== contracts[0]._id)
    expect(fresh._id).not.toBe(contracts[1]._id)
    // After a refund, the first hire can be let go too.
    await post(asha, '/api/v1/payments/refund', { contractId: contracts[0]._id })
    expect((await decide(asha, applications[0]._id, 'rejected')).statusCode).toBe(200)
  })
})

describe('price terms are locked', () => {
  it('409 terms_locked while a hire exists; other fields still change', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    const put = (overrides: Record<string, unknown>) =>
      injectAs(ctx.app, asha, { method: 'PUT', url: `/api/v1/job/${job._id}`, payload: jobBody(overrides) })
    const res = await put({ ...perUnit(4, '600') })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('terms_locked')
    expect(res.json().message).toMatch(/a hire/)
    expect((await put({ ...perUnit(4), title: 'A clearer title' })).statusCode).toBe(200)
  })
  it('409 terms_locked while a checkout is unpaid', async () => {
    const job = await postJob(ctx.app, asha, perUnit(4))
    await checkout(ctx.app, asha, job._id, { units: 1 }).catch(() => null)
    const order = await post(asha, '/api/v1/payments/create-order', { jobId: job._id, units: 1 })
    expect(order.statusCode).toBe(200)
    const res = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url: `/api/v1/job/${job._id}`,
      payload: jobBody({ ...perUnit(8) }),
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'terms_locked' })
  })
  it('verify and the webhook refuse an order whose terms differ from the contract’s', async () => {
    const job = await hiredJob(ctx.app, asha, ravi, perUnit(4))
    const { _id: contractId } = await contractOf(job._id)
    const { order, result } = await checkout(ctx.app, asha, job._id, { units: 2 })
    expect(order.contractId).toBe(contractId)
    // The contract's rate differs from what the order was priced on.
    await ctx.database.db.execute(sql`update contracts set rate_paise = 60000 where id = ${contractId}::uuid`)
    const res = await post(asha, '/api/payments/verify', { jobId: job._id, ...result })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('terms_mismatch')
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: result.razorpay_payment_id, amount: 100000, order_id: result.razorpay_order_id },
        },
      },
    })
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': crypto.createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
        'x-razorpay-event-id': `evt_${crypto.randomBytes(6).toString('hex')}`,
      },
    })
    expect(hook.statusCode).toBe(200)
    const status = await ctx.database.db.execute(
      sql`select status from payment_orders where provider_order_id = ${result.razorpay_order_id}`,
    )
    expect(status.rows[0].status).toBe('created')
    expect((await contractOf(job._id)).escrow.funded).toBe(0)
  })
})

describe('one hire keeps the spec’s calls', () => {
  it('money paid in before the hire belongs to the first contract', async () => {
    const job = await postJob(ctx.app, asha, perUnit(4))
    await fund(ctx.app, asha, job._id, { units: 2 })
    const a = await applyTo(ctx.app, ravi, job._id)
    expect((await decide(asha, a._id, 'accepted')).statusCode).toBe(200)
    const c = await contractOf(job._id)
    expect(c.escrow).toMatchObject({ funded: 1000, fundedUnits: 2, inEscrow: 1000, fundStatus: 'In Escrow' })
    await fund(ctx.app, asha, job._id, { units: 1 })
    expect((await get(asha, `/api/v1/contracts/${c._id}`)).json().contract.escrow).toMatchObject({
      funded: 1500,
      fundedUnits: 3,
    })
    const rel = await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(rel.statusCode).toBe(200)
    expect((await contractOf(job._id)).escrow).toMatchObject({
      released: 1500,
      inEscrow: 0,
      fundStatus: 'Released',
    })
  })
})
