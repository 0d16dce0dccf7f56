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
const read = (s: Session | null, id: string) =>
  injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/${id}` })

describe('POST /api/v1/job/:id/status', () => {
  const change = (s: Session | null, id: string, payload: object) =>
    injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/job/${id}/status`, payload })
  it('401 without a session', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await change(null, job._id, { status: 'closed' })).statusCode).toBe(401)
  })
  it('403 for someone other than the poster', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await change(ravi, job._id, { status: 'closed' })).statusCode).toBe(403)
  })
  it('400 for neither or both of status and action, or an unknown status', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await change(asha, job._id, {})).statusCode).toBe(400)
    expect((await change(asha, job._id, { status: 'closed', action: 'close' })).statusCode).toBe(400)
    expect((await change(asha, job._id, { status: 'open' })).statusCode).toBe(400)
  })
  it('publishes a draft', async () => {
    const job = await postJob(ctx.app, asha, { status: 'draft' })
    const published = await change(asha, job._id, { action: 'publish' })
    expect(published.json()).toMatchObject({
      success: true,
      message: 'Job published',
      job: { status: 'active' },
    })
  })
  it('closes an active job', async () => {
    const job = await postJob(ctx.app, asha)
    const closed = await change(asha, job._id, { status: 'closed' })
    expect(closed.json()).toMatchObject({ message: 'Job closed', job: { status: 'closed', isActive: false } })
  })
  it('reopens a closed job', async () => {
    const job = await postJob(ctx.app, asha)
    await change(asha, job._id, { status: 'closed' })
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
  describe('archive', () => {
    /** A job Ravi applied to, archived by Asha; `res` is the archive answer. */
    async function archivedJob() {
      const job = await postJob(ctx.app, asha, { title: 'Archive me please' })
      await applyTo(ctx.app, ravi, job._id)
      const res = await change(asha, job._id, { action: 'archive' })
      return { job, res }
    }
    it('archives and closes the job', async () => {
      const { res } = await archivedJob()
      expect(res.json()).toMatchObject({ job: { archived: true, status: 'closed' } })
    })
    it('hides an archived job from others (404)', async () => {
      const { job } = await archivedJob()
      for (const s of [meera, vikram, null]) expect((await read(s, job._id)).statusCode).toBe(404)
    })
    it('keeps an archived job readable for the creator', async () => {
      const { job } = await archivedJob()
      expect((await read(asha, job._id)).statusCode).toBe(200)
    })
    it('keeps an archived job readable for who applied', async () => {
      const { job } = await archivedJob()
      // Ravi applied: his Applied Jobs, notifications and chat panel still open it.
      const asRavi = await read(ravi, job._id)
      expect(asRavi.statusCode).toBe(200)
      expect(asRavi.json().job).toMatchObject({
        _id: job._id,
        archived: true,
        hasApplied: true,
        isActive: false,
      })
    })
    it('takes an archived job out of the job list', async () => {
      const { job } = await archivedJob()
      const list = await injectAs(ctx.app, ravi, {
        method: 'GET',
        url: '/api/v1/job/get?sort=newest&limit=50',
      })
      expect(list.json().data.jobs.map((j: any) => j._id)).not.toContain(job._id)
    })
    it('unarchive restores the job, still closed', async () => {
      const { job } = await archivedJob()
      const back = await change(asha, job._id, { action: 'unarchive' })
      expect(back.json().job).toMatchObject({ archived: false, status: 'closed' })
    })
  })
})

describe('DELETE /api/v1/job/:id', () => {
  const remove = (s: Session | null, id: string) =>
    injectAs(ctx.app, s, { method: 'DELETE', url: `/api/v1/job/${id}` })
  it('401 without a session', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await remove(null, job._id)).statusCode).toBe(401)
  })
  it('403 for another client', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await remove(vikram, job._id)).statusCode).toBe(403)
  })
  it('deletes the poster’s job, which is then 404', async () => {
    const job = await postJob(ctx.app, asha)
    const ok = await remove(asha, job._id)
    expect(ok.json()).toEqual({ success: true, message: 'Job deleted' })
    expect((await read(asha, job._id)).statusCode).toBe(404)
  })
  it('409 while money is in escrow', async () => {
    const job = await postJob(ctx.app, asha)
    await fund(job._id)
    const res = await remove(asha, job._id)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('job_funded')
  })
})

describe('GET /api/v1/job/:id', () => {
  it('shows an active job to anyone', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await read(null, job._id)).json().job._id).toBe(job._id)
  })
  it('shows a draft only to its creator', async () => {
    const draft = await postJob(ctx.app, asha, { status: 'draft' })
    for (const s of [null, ravi, vikram]) expect((await read(s, draft._id)).statusCode).toBe(404)
    expect((await read(asha, draft._id)).statusCode).toBe(200)
  })
  it('404 job_not_found for unknown ids', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000'])
      expect((await read(null, id)).json()).toMatchObject({ success: false, code: 'job_not_found' })
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
  const postedJobs = async (s: Session) =>
    (await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/job/getadminjobs?limit=200' })).json().data
      .jobs
  /** A client of their own, so the list holds only what the test posts. */
  const newPoster = (email: string) => signUp(ctx, { email, fullname: 'Priya Nair', role: 'client' })
  it('401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/job/getadminjobs' })).statusCode).toBe(401)
  })
  it('403 for a freelancer', async () => {
    const res = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/job/getadminjobs' })
    expect(res.statusCode).toBe(403)
  })
  it('answers only the caller’s own jobs', async () => {
    const priya = await newPoster('priya.own@example.in')
    await postJob(ctx.app, vikram)
    const mine = await postJob(ctx.app, priya)
    const jobs = await postedJobs(priya)
    expect(jobs.map((j: any) => j._id)).toEqual([mine._id])
  })
  it('includes drafts and archived jobs', async () => {
    const priya = await newPoster('priya.drafts@example.in')
    await postJob(ctx.app, priya, { status: 'draft', title: 'Not yet published' })
    const archived = await postJob(ctx.app, priya, { title: 'Old and archived' })
    await injectAs(ctx.app, priya, {
      method: 'POST',
      url: `/api/v1/job/${archived._id}/status`,
      payload: { action: 'archive' },
    })
    const jobs = await postedJobs(priya)
    expect(jobs.some((j: any) => j.status === 'draft')).toBe(true)
    expect(jobs.some((j: any) => j.archived)).toBe(true)
  })
  it('counts each job’s applications', async () => {
    const priya = await newPoster('priya.count@example.in')
    const job = await postJob(ctx.app, priya)
    await applyTo(ctx.app, ravi, job._id)
    await applyTo(ctx.app, meera, job._id)
    expect((await postedJobs(priya))[0]).toMatchObject({ _id: job._id, applicationCount: 2 })
  })
  it('lists the newest first', async () => {
    const priya = await newPoster('priya.order@example.in')
    await postJob(ctx.app, priya, { title: 'Posted first' })
    await postJob(ctx.app, priya, { title: 'Posted second' })
    const jobs = await postedJobs(priya)
    expect(jobs).toHaveLength(2)
    const times = jobs.map((j: any) => j.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
  })
})
