import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { jobBody, postJob } from '../../test/jobs'

let ctx: TestCtx
let asha: Session
let vikram: Session
let ravi: Session
const ids: Record<string, string> = {}

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  await injectAs(ctx.app, ravi, {
    method: 'POST',
    url: '/api/v1/user/update-skills',
    payload: { skills: ['Figma'] },
  })
  const jobs: [string, Session, Record<string, unknown>][] = [
    ['kochiDesign', asha, { title: 'Cafe menu design', locationPreference: 'Kerala', skills: 'Figma', amount: '4000' }],
    ['kochiPhoto', vikram, { title: 'Food photos', locationPreference: 'Kerala', skills: 'Photography', amount: '9000' }],
    ['remoteWriter', vikram, { title: 'Blog writer', skills: 'SEO', paymentType: 'per-unit', rate: '500', units: '10' }],
    ['punePoster', asha, { title: 'Poster design', locationPreference: 'Maharashtra', skills: 'Figma', amount: '2500' }],
    ['intern', vikram, { title: 'Marketing intern', category: 'Internships', paymentType: 'recurring', rate: '8000', frequency: 'monthly', cycles: '3' }],
    ['freeCourse', asha, { title: 'Free Figma course', category: 'Courses', isFree: true, amount: '0', skills: 'Figma' }],
    ['dealCourse', asha, { title: 'Discounted Excel course', category: 'Courses', isDiscounted: true, amount: '999' }],
    ['closed', vikram, { title: 'Closed logo job', amount: '7000', skills: 'Figma' }],
    ['draft', asha, { title: 'Secret draft', status: 'draft', amount: '100' }],
    ['bigBudget', vikram, { title: 'App build', amount: '250000', locationPreference: 'Delhi' }],
  ] // prettier-ignore
  for (const [key, who, fields] of jobs) ids[key] = (await postJob(ctx.app, who, fields))._id
  await injectAs(ctx.app, vikram, {
    method: 'POST',
    url: `/api/v1/job/${ids.closed}/status`,
    payload: { status: 'closed' },
  })
})
afterAll(() => ctx?.close())

const list = async (query: string, s: Session | null = ravi) => {
  const res = await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/get?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { jobs: any[]; nextCursor: string | null; correctedQuery: string | null }
}
const keysOf = (jobs: any[]) => jobs.map((j) => Object.entries(ids).find(([, id]) => id === j._id)?.[0])

describe('GET /api/v1/job/get filters', () => {
  it('answers data.jobs for anyone, without drafts of others, with closed jobs still visible', async () => {
    const anon = await list('sort=newest', null)
    expect(keysOf(anon.jobs)).not.toContain('draft')
    expect(anon.jobs.find((j) => j._id === ids.closed)).toMatchObject({ status: 'closed', isActive: false })
    expect(anon.jobs).toHaveLength(9)
  })
  it('shows a draft to its creator only', async () => {
    expect(keysOf((await list('sort=newest', asha)).jobs)).toContain('draft')
    expect(keysOf((await list('sort=newest', vikram)).jobs)).not.toContain('draft')
  })
  it.each([
    ['category=Internships', ['intern']],
    ['category=All%20categories&free=true', ['freeCourse']],
    ['discounted=true', ['dealCourse']],
    ['location=Kerala', ['kochiPhoto', 'kochiDesign']],
    ['paymentType=per-unit', ['remoteWriter']],
    ['paymentType=recurring&category=Internships', ['intern']],
    ['minAmount=4000&maxAmount=9000', ['closed', 'remoteWriter', 'kochiPhoto', 'kochiDesign']],
    ['minAmount=100000', ['bigBudget']],
    ['category=Courses&free=false', ['dealCourse', 'freeCourse']],
  ])('%s', async (query, expected) => {
    expect(keysOf((await list(`${query}&sort=newest`)).jobs)).toEqual(expected)
  })
  it('matches text through keyword, query or q', async () => {
    for (const p of ['keyword', 'query', 'q'])
      expect(keysOf((await list(`${p}=poster`)).jobs)).toEqual(['punePoster'])
  })
  it('refuses bad filters with a clear message', async () => {
    const cases: [string, string][] = [
      ['category=Gigs', 'Category must be one of: Internships, Jobs, Competitions, Mentorship, Courses, Practice, Scholarships, Articles, Conferences, Workshops'],
      ['sort=cheapest', 'Sort must be relevant, newest or closest'],
      ['minAmount=abc', 'Minimum amount must contain only digits with an optional decimal point'],
      ['minAmount=10&maxAmount=5', 'The minimum amount is more than the maximum'],
      ['limit=500', 'Limit must be at most 50'],
      ['location=Atlantis', 'Choose one of the 28 states, the 8 union territories, or Remote'],
    ] // prettier-ignore
    for (const [query, message] of cases) {
      const res = await injectAs(ctx.app, ravi, { method: 'GET', url: `/api/v1/job/get?${query}` })
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ success: false, message })
    }
  })
})

describe('GET /api/v1/job/get sorts', () => {
  it('newest: by creation time, newest first', async () => {
    const times = (await list('sort=newest')).jobs.map((j) => j.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
  })
  it('closest: the caller’s state first, then Remote, then elsewhere', async () => {
    const jobs = (await list('sort=closest&state=Kerala')).jobs
    const where = jobs.map((j) => j.locationPreference)
    expect(where.slice(0, 2)).toEqual(['Kerala', 'Kerala'])
    const firstOther = where.findIndex((l) => l !== 'Kerala' && l !== 'Remote')
    expect(where.slice(2, firstOther).every((l) => l === 'Remote')).toBe(true)
    expect(where.slice(firstOther).every((l) => l !== 'Kerala' && l !== 'Remote')).toBe(true)
  })
  it('relevant without a query: open jobs matching the caller’s skills, other open jobs, closed last', async () => {
    const jobs = (await list('sort=relevant')).jobs
    const figma = jobs.findIndex((j) => !j.skills.includes('Figma'))
    expect(figma).toBeGreaterThan(0)
    expect(jobs.slice(0, figma).every((j) => j.skills.includes('Figma') && j.isActive)).toBe(true)
    expect(jobs[jobs.length - 1]._id).toBe(ids.closed)
  })
  it('relevant with a query: title matches above description-only matches', async () => {
    await postJob(ctx.app, asha, {
      title: 'Office assistant',
      description: 'Some poster printing now and then',
    })
    const jobs = (await list('q=poster&sort=relevant')).jobs
    expect(jobs.map((j) => j.title)).toEqual(['Poster design', 'Office assistant'])
  })
})

describe('keyset pagination', () => {
  beforeAll(async () => {
    // 55 jobs inserted by one statement share one created_at: the id breaks the ties.
    await ctx.database.db.execute(sql`
      insert into jobs (title, description, payment_type, amount_paise, total_paise, status, created_by, category)
      select 'Bulk job ' || g, 'Bulk description', 'one-time', 100000, 100000, 'active', ${asha.user._id}::uuid,
             'Practice'
        from generate_series(1, 55) g`)
  })
  it('walks every job once, in order, with nextCursor until the last page', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = await list(`category=Practice&sort=newest&limit=10${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.jobs.map((j) => j._id))
      cursor = page.nextCursor
      pages++
    } while (cursor && pages < 20)
    expect(pages).toBe(6)
    expect(seen).toHaveLength(55)
    expect(new Set(seen).size).toBe(55)
  })
  it('pages across segments (closest) without repeats', async () => {
    const all = (await list('sort=closest&state=Kerala&limit=50')).jobs.map((j) => j._id)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page = await list(`sort=closest&state=Kerala&limit=7${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.jobs.map((j) => j._id))
      cursor = page.nextCursor
    } while (cursor && seen.length < 200)
    expect(seen.slice(0, 50)).toEqual(all)
    expect(new Set(seen).size).toBe(seen.length)
  })
  it('refuses a broken cursor, or one from another list, with 400 invalid_cursor', async () => {
    const first = await list('sort=newest&limit=5')
    for (const query of ['sort=newest&cursor=garbage', `sort=closest&cursor=${first.nextCursor}`]) {
      const res = await injectAs(ctx.app, ravi, { method: 'GET', url: `/api/v1/job/get?${query}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('invalid_cursor')
    }
  })
  it('ranks the newest 300 matches of a common word, then lists older matches by date, all reachable', async () => {
    await ctx.database.db.execute(sql`
      insert into jobs (title, description, payment_type, amount_paise, total_paise, status, created_by, created_at)
      select case when g % 2 = 0 then 'Windowed task ' || g else 'Task ' || g end, 'A windowed description',
             'one-time', 100000, 100000, 'active', ${vikram.user._id}::uuid, now() - g * interval '1 minute'
        from generate_series(1, 310) g`)
    const seen: any[] = []
    let cursor: string | null = null
    do {
      const page = await list(`q=windowed&limit=50${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.jobs)
      cursor = page.nextCursor
    } while (cursor && seen.length < 1000)
    expect(seen).toHaveLength(310)
    expect(new Set(seen.map((j) => j._id)).size).toBe(310)
    // Inside the window titles that match rank first; the 10 oldest come last, newest first.
    expect(seen.slice(0, 150).every((j) => j.title.startsWith('Windowed'))).toBe(true)
    const tail = seen.slice(300).map((j) => j.createdAt)
    expect(tail).toEqual([...tail].sort().reverse())
    expect(seen.slice(300).map((j) => j.title)).toContain('Task 309')
  })
})

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
