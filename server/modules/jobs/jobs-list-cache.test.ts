import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, type Session, type TestCtx } from '../../test/helpers'
import { jobListFixture, listJobs } from '../../test/job-list-fixture'
import { jobBody, postJob } from '../../test/jobs'

// Apart from jobs-list.test.ts: these write jobs and rename them behind the API's back.
let ctx: TestCtx
let vikram: Session
let ravi: Session

beforeAll(async () => {
  ctx = await createTestApp()
  ;({ vikram, ravi } = await jobListFixture(ctx))
})
afterAll(() => ctx?.close())

const list = (query: string, s: Session | null = ravi) => listJobs(ctx, query, s)

describe('signed-out answers come from the read cache and every write refreshes them', () => {
  it('serves the same bytes twice, then shows a new and a closed job at once after the writes', async () => {
    const first = await list('sort=newest', null)
    const again = await injectAs(ctx.app, null, { method: 'GET', url: '/api/v1/job/get?sort=newest' })
    expect(again.headers['content-type']).toMatch(/^application\/json/)
    expect(again.json().data).toEqual(first)
    // A change made behind the API's back is not seen while the entry lives: proof the answer was cached.
    const top = first.jobs[0]
    await ctx.database.db.execute(sql`update jobs set title = 'Changed behind the API' where id = ${top._id}`)
    expect((await list('sort=newest', null)).jobs[0].title).toBe(top.title)

    const fresh = await postJob(ctx.app, vikram, { title: 'Brand new job', amount: '1200' })
    const afterPost = await list('sort=newest', null)
    expect(afterPost.jobs[0]._id).toBe(fresh._id)
    expect(afterPost.jobs.find((j) => j._id === top._id)?.title).toBe('Changed behind the API')

    const detail = async () =>
      (await injectAs(ctx.app, null, { method: 'GET', url: `/api/v1/job/${fresh._id}` })).json().job
    expect((await detail()).status).toBe('active')
    await injectAs(ctx.app, vikram, {
      method: 'POST',
      url: `/api/v1/job/${fresh._id}/status`,
      payload: { status: 'closed' },
    })
    expect((await detail()).status).toBe('closed')
    await injectAs(ctx.app, vikram, { method: 'DELETE', url: `/api/v1/job/${fresh._id}` })
    const gone = await injectAs(ctx.app, null, { method: 'GET', url: `/api/v1/job/${fresh._id}` })
    expect(gone.statusCode).toBe(404)
  })

  it('a refused write does not drop the cache; signed-in answers are cached per person', async () => {
    const top = (await list('sort=newest', null)).jobs[0]
    expect((await list('sort=newest', ravi)).jobs[0].title).toBe(top.title)
    await ctx.database.db.execute(sql`update jobs set title = 'Renamed quietly' where id = ${top._id}`)
    const refused = await injectAs(ctx.app, ravi, { method: 'DELETE', url: `/api/v1/job/${top._id}` })
    expect(refused.statusCode).toBe(403)
    expect((await list('sort=newest', null)).jobs[0].title).toBe(top.title)
    expect((await list('sort=newest', ravi)).jobs[0].title).toBe(top.title)
    // Another person's first read is their own, from the database.
    expect((await list('sort=newest', vikram)).jobs.find((j) => j._id === top._id)?.title).toBe(
      'Renamed quietly',
    )
  })

  it('a browser that accepts gzip gets the same answer gzipped; one that does not, or refuses it, gets it plain', async () => {
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/job/get?sort=newest', headers })
    const plain = await get({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    for (const accept of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const zipped = await get({ 'accept-encoding': accept })
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length)
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    }
    expect((await get({ 'accept-encoding': 'gzip;q=0, br' })).headers['content-encoding']).toBeUndefined()
  })

  it('a signed-in person sees their own write at once, on the list and the job page', async () => {
    const job = await postJob(ctx.app, vikram, { title: 'Cached then changed', amount: '900' })
    const detail = async (s: Session) =>
      (await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/${job._id}` })).json().job
    expect((await detail(ravi)).title).toBe('Cached then changed')
    expect((await list('sort=newest', ravi)).jobs[0]._id).toBe(job._id)
    const edited = await injectAs(ctx.app, vikram, {
      method: 'PUT',
      url: `/api/v1/job/${job._id}`,
      payload: { ...jobBody({ title: 'Renamed in the open', amount: '900' }) },
    })
    expect(edited.statusCode).toBe(200)
    expect((await detail(ravi)).title).toBe('Renamed in the open')
    expect((await list('sort=newest', ravi)).jobs[0].title).toBe('Renamed in the open')
  })
})
