import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, type Session, type TestCtx } from '../../test/helpers'
import { jobListFixture, listJobs } from '../../test/job-list-fixture'

// Apart from jobs-list.test.ts: these add hundreds of jobs, which would crowd the fixture off the lists there.
let ctx: TestCtx
let asha: Session
let vikram: Session
let ravi: Session

beforeAll(async () => {
  ctx = await createTestApp()
  ;({ asha, vikram, ravi } = await jobListFixture(ctx))
})
afterAll(() => ctx?.close())

const list = (query: string, s: Session | null = ravi) => listJobs(ctx, query, s)

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
