import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer
let meera: Session // freelancer
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
})
afterAll(() => ctx?.close())

const fund = (id: string) =>
  ctx.database.db.execute(
    sql`update jobs set funded_paise = 100, fund_status = 'In Escrow' where id = ${id}::uuid`,
  )
describe('POST /api/v1/job/:id/status', () => {
  const change = (s: Session | null, id: string, payload: object) =>
    injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/job/${id}/status`, payload })
  it('401 / 403 / 400 for neither or both of status and action', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await change(null, job._id, { status: 'closed' })).statusCode).toBe(401)
    expect((await change(ravi, job._id, { status: 'closed' })).statusCode).toBe(403)
    expect((await change(asha, job._id, {})).statusCode).toBe(400)
    expect((await change(asha, job._id, { status: 'closed', action: 'close' })).statusCode).toBe(400)
    expect((await change(asha, job._id, { status: 'open' })).statusCode).toBe(400)
  })
  it('publishes a draft, closes, reopens', async () => {
    const job = await postJob(ctx.app, asha, { status: 'draft' })
    const published = await change(asha, job._id, { action: 'publish' })
    expect(published.json()).toMatchObject({
      success: true,
      message: 'Job published',
      job: { status: 'active' },
    })
    const closed = await change(asha, job._id, { status: 'closed' })
    expect(closed.json()).toMatchObject({ message: 'Job closed', job: { status: 'closed', isActive: false } })
    const reopened = await change(asha, job._id, { action: 'reopen' })
    expect(reopened.json()).toMatchObject({ message: 'Job reopened', job: { status: 'active' } })
  })
  it('will not send a job with applicants back to draft', async () => {
    const job = await postJob(ctx.app, asha)
    await applyTo(ctx.app, ravi, job._id)
    const res = await change(asha, job._id, { status: 'draft' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('job_has_applicants')
  })
  it('archives: out of the list, hidden from others (404), kept for the creator and who applied; unarchive restores', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Archive me please' })
    await applyTo(ctx.app, ravi, job._id)
    const res = await change(asha, job._id, { action: 'archive' })
    expect(res.json()).toMatchObject({ job: { archived: true, status: 'closed' } })
    const read = (s: Session | null) => injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/${job._id}` })
    expect((await read(meera)).statusCode).toBe(404)
    expect((await read(vikram)).statusCode).toBe(404)
    expect((await read(null)).statusCode).toBe(404)
    expect((await read(asha)).statusCode).toBe(200)
    // Ravi applied: his Applied Jobs, notifications and chat panel still open it.
    const asRavi = await read(ravi)
    expect(asRavi.statusCode).toBe(200)
    expect(asRavi.json().job).toMatchObject({
      _id: job._id,
      archived: true,
      hasApplied: true,
      isActive: false,
    })
    const list = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/job/get?sort=newest&limit=50' })
    expect(list.json().data.jobs.map((j: any) => j._id)).not.toContain(job._id)
    const back = await change(asha, job._id, { action: 'unarchive' })
    expect(back.json().job).toMatchObject({ archived: false, status: 'closed' })
  })
})

describe('DELETE /api/v1/job/:id', () => {
  it('401 / 403 / deletes / then 404', async () => {
    const job = await postJob(ctx.app, asha)
    const url = `/api/v1/job/${job._id}`
    expect((await injectAs(ctx.app, null, { method: 'DELETE', url })).statusCode).toBe(401)
    expect((await injectAs(ctx.app, vikram, { method: 'DELETE', url })).statusCode).toBe(403)
    const ok = await injectAs(ctx.app, asha, { method: 'DELETE', url })
    expect(ok.json()).toEqual({ success: true, message: 'Job deleted' })
    expect((await injectAs(ctx.app, asha, { method: 'GET', url })).statusCode).toBe(404)
  })
  it('409 while money is in escrow', async () => {
    const job = await postJob(ctx.app, asha)
    await fund(job._id)
    const res = await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/job/${job._id}` })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('job_funded')
  })
})

describe('GET /api/v1/job/:id', () => {
  it('shows an active job to anyone, a draft only to its creator, 404 for unknown ids', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/job/${job._id}` })).json().job._id).toBe(
      job._id,
    )
    const draft = await postJob(ctx.app, asha, { status: 'draft' })
    for (const s of [null, ravi, vikram])
      expect(
        (await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/${draft._id}` })).statusCode,
      ).toBe(404)
    expect(
      (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/job/${draft._id}` })).statusCode,
    ).toBe(200)
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000'])
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/job/${id}` })).json()).toMatchObject({
        success: false,
        code: 'job_not_found',
      })
  })
  it('counts a view once per viewer per day; the creator’s own views do not count', async () => {
    const job = await postJob(ctx.app, asha)
    const url = `/api/v1/job/${job._id}`
    const views = async (s: Session | null, ua = 'test-browser') =>
      (await injectAs(ctx.app, s, { method: 'GET', url, headers: { 'user-agent': ua } })).json().job.views
    expect(await views(ravi)).toBe(1)
    expect(await views(ravi)).toBe(1)
    expect(await views(meera)).toBe(2)
    expect(await views(asha)).toBe(2)
    expect(await views(null)).toBe(3)
    expect(await views(null)).toBe(3)
    expect(await views(null, 'another-browser')).toBe(4)
  })
  it('lists applications: all applicant ids for the creator, only your own for an applicant', async () => {
    const job = await postJob(ctx.app, asha)
    const a1 = await applyTo(ctx.app, ravi, job._id)
    await applyTo(ctx.app, meera, job._id)
    const asRavi = (await injectAs(ctx.app, ravi, { method: 'GET', url: `/api/v1/job/${job._id}` })).json()
      .job
    expect(asRavi).toMatchObject({ applicationCount: 2, hasApplied: true })
    expect(asRavi.applications).toEqual([{ _id: a1._id, applicant: ravi.user._id, status: 'pending' }])
    const asVikram = (
      await injectAs(ctx.app, vikram, { method: 'GET', url: `/api/v1/job/${job._id}` })
    ).json()
    expect(asVikram.job).toMatchObject({ applications: [], hasApplied: false, applicationCount: 2 })
    const asAsha = (await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/job/${job._id}` })).json()
      .job
    expect(asAsha.applications.map((a: any) => a.applicant).sort()).toEqual(
      [ravi.user._id, meera.user._id].sort(),
    )
  })
})

describe('GET /api/v1/job/getadminjobs', () => {
  it('401 without a session, 403 for a freelancer', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/job/getadminjobs' })).statusCode).toBe(401)
    const res = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/job/getadminjobs' })
    expect(res.statusCode).toBe(403)
  })
  it('answers the caller’s own jobs (drafts and archived too) with applicationCount, newest first', async () => {
    await postJob(ctx.app, vikram)
    await postJob(ctx.app, asha, { status: 'draft', title: 'Not yet published' })
    const archived = await postJob(ctx.app, asha, { title: 'Old and archived' })
    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: `/api/v1/job/${archived._id}/status`,
      payload: { action: 'archive' },
    })
    const res = await injectAs(ctx.app, vikram, { method: 'GET', url: '/api/v1/job/getadminjobs' })
    expect(res.statusCode).toBe(200)
    const jobs = res.json().data.jobs
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.every((j: any) => j.created_by._id === vikram.user._id)).toBe(true)
    const mine = (
      await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/job/getadminjobs?limit=200' })
    ).json().data.jobs
    expect(mine.some((j: any) => j.status === 'draft')).toBe(true)
    expect(mine.some((j: any) => j.archived)).toBe(true)
    expect(mine.some((j: any) => j.applicationCount === 2)).toBe(true)
    const times = mine.map((j: any) => j.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
  })
})
