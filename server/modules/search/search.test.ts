import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'
import { seedIfEmpty } from '../../seed/seed'

/**
 * The search test set: queries people type (typos, Hinglish, cities) against the demo marketplace, each with what
 * the first result (or one of the first `top`) must be. Runs on PGlite and on PostgreSQL.
 */
let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp()
  await seedIfEmpty(ctx.database.db)
})
afterAll(() => ctx?.close())

type Job = {
  title: string
  category: string
  locationPreference: string
  description: string
  skills: string[]
}
const search = async (q: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { jobs: Job[]; users: any[]; posts: unknown[]; correctedQuery: string | null }
}
const title = (re: RegExp) => (j: Job) => re.test(j.title)
const both =
  (...ps: ((j: Job) => boolean)[]) =>
  (j: Job) =>
    ps.every((p) => p(j))
const category = (c: string) => (j: Job) => j.category === c
const located = (l: string) => (j: Job) => j.locationPreference === l

const CASES: [string, (j: Job) => boolean, number?][] = [
  // Typos
  ['reakt developr', both(title(/react/i), title(/developer/i))],
  ['pyhton data analyst', title(/python data analyst/i)],
  ['hindi translater', title(/hindi to english translator/i)],
  ['andriod kotlin developer mumbai', title(/android developer \(kotlin\)/i)],
  ['machine lerning crop price', title(/machine learning engineer for crop price/i)],
  ['desginer for logo', title(/logo/i)],
  ['nodejs backend payments', title(/node\.js backend developer/i)],
  ['figam prototyping', title(/figma prototyping workshop/i)],
  ['photografer wedding', title(/wedding photographer/i)],
  // Hindi-English mixes and Indian places
  ['graphic design Pune', both(title(/graphic design/i), located('Maharashtra'))],
  ['ghar se data entry ka kaam', both(title(/data entry/i), located('Remote'))],
  ['website banana hai', title(/website/i)],
  ['wedding fotografer udaipur', title(/wedding photographer for a destination wedding in udaipur/i)],
  ['video editing ka kaam chahiye', title(/video editor/i)],
  ['angrezi padhane wala teacher', title(/spoken english trainer/i)],
  ['chhatravritti', category('Scholarships')],
  ['yoga instructor bangalore', both(title(/yoga instructor/i), located('Karnataka'))],
  ['maths tuition patna', both(title(/tuition teacher/i), located('Bihar'))],
  ['हिंदी कंटेंट राइटर', title(/hindi content writer for a news portal/i)],
  ['kannada voice over', title(/kannada voice-over/i)],
  ['tamil youtube script writer', title(/tamil script writer/i)],
  // Plain queries, categories and filters in words
  ['flutter internship hyderabad', both(title(/flutter/i), category('Internships'))],
  ['hackathon', both(category('Competitions'), title(/hackathon/i))],
  ['ui ux mentorship', both(category('Mentorship'), title(/ui\/ux design mentorship/i))],
  ['full stack course hindi', both(category('Courses'), title(/full-stack web development course/i))],
  ['seo content writer fintech', title(/seo content writer/i)],
  ['logo design tea assam', title(/logo design for an organic tea brand/i)],
  ['scholarship for women engineers', both(category('Scholarships'), title(/women in engineering/i))],
  ['startup conference kerala', both(category('Conferences'), located('Kerala'))],
  ['figma workshop kolkata', both(category('Workshops'), title(/figma/i))],
  ['gst tally accountant ahmedabad', title(/tally accountant for gst filing/i)],
  ['spoken english trainer noida', title(/spoken english trainer/i)],
  ['excel pivot table practice', both(category('Practice'), title(/pivot tables/i))],
  ['digital marketing intern delhi', both(category('Internships'), title(/digital marketing intern/i))],
  ['solar panel installer jodhpur', title(/solar panel installation/i)],
  ['CA mentorship', both(category('Mentorship'), title(/chartered accountant/i))],
  ['instagram reels editor', title(/instagram reels video editor/i)],
  ['kochi cafe social media', title(/social media manager for a kochi cafe/i)],
  ['Rangrez handicrafts website', title(/website developer for a handicrafts store/i)],
]

describe('search test set (GET /api/v1/search?q=)', () => {
  it('has at least 30 queries', () => expect(CASES.length).toBeGreaterThanOrEqual(30))
  it.each(CASES)('%s', async (q, expected, top = 1) => {
    const { jobs } = await search(q)
    const shown = jobs.slice(0, top)
    expect(
      shown.some(expected),
      `top: ${jobs
        .slice(0, 3)
        .map((j) => j.title)
        .join(' | ')}`,
    ).toBe(true)
  })
})

describe('search answers', () => {
  it('has the shape {success, data: {jobs, users, posts}} and says what was corrected', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/search?q=reakt%20developr' })
    expect(res.json()).toMatchObject({
      success: true,
      data: { posts: [], correctedQuery: 'react developer' },
    })
  })
  it('finds people by name (typos too) and by skill, without their private details', async () => {
    expect((await search('Asha Iyer')).users[0]).toMatchObject({ fullname: 'Asha Iyer', username: 'asha' })
    expect((await search('ravi kumr')).users.map((u) => u.fullname)).toContain('Ravi Kumar')
    const figma = await search('figma')
    expect(figma.users.map((u) => u.fullname)).toContain('Meera Shah')
    expect(JSON.stringify(figma.users)).not.toMatch(/@demo\.microlance\.in|\+91/)
  })
  it('answers nothing for gibberish, and the newest open jobs for an empty query', async () => {
    expect(await search('zzqxj vbnmw')).toMatchObject({ jobs: [], users: [] })
    const empty = await search('')
    expect(empty.jobs.length).toBe(20)
    expect(empty.users).toEqual([])
  })
  it('never shows drafts or archived jobs to others', async () => {
    expect((await search('millet snack packaging')).jobs.map((j) => j.title)).not.toContain(
      'Packaging Designer for a Millet Snack Range',
    )
    expect((await search('diwali hamper photographer')).jobs.map((j) => j.title)).not.toContain(
      'Diwali Gift Hamper Photographer',
    )
  })
  it('highlights with ranges into the plain title and a plain-text snippet, never HTML', async () => {
    const client = await signUp(ctx, { role: 'client' })
    const evil = '<img src=x onerror=alert(1)> Quokka photography gig'
    await postJob(ctx.app, client, { title: evil, description: 'We need quokka photos <b>now</b>.' })
    const res = await injectAs(ctx.app, null, { method: 'GET', url: '/api/v1/search?q=quokka' })
    const job = res.json().data.jobs[0]
    expect(job.title).toBe(evil)
    expect(job.highlights.title.map(([s, e]: number[]) => evil.slice(s, e))).toEqual(['Quokka'])
    const d = job.highlights.description
    expect(d.ranges.map(([s, e]: number[]) => d.text.slice(s, e))).toEqual(['quokka'])
    expect(res.body).not.toContain('<mark>')
    expect(res.body).not.toMatch(/\\u000[23]/)
  })
  it('also works as the job list’s keyword, with filters', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/job/get?keyword=graphic%20design&location=Maharashtra&sort=relevant',
    })
    const jobs = res.json().data.jobs as Job[]
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.every((j) => j.locationPreference === 'Maharashtra')).toBe(true)
  })
})
