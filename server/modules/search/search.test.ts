import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/client'
import { migrate } from '../../db/migrate'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'
import { seedIfEmpty } from '../../seed/seed'
import { media, multipartFiles } from '../uploads/test-media'

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

describe('posts in search (data.posts)', () => {
  let asha: Session
  let ravi: Session
  beforeAll(async () => {
    asha = await signUp(ctx, { fullname: 'Asha Postwala' })
    ravi = await signUp(ctx, { fullname: 'Ravi Reader' })
  })

  const post = async (s: Session, content: string, withPhoto = false) => {
    let m: { url: string; type: string }[] = []
    if (withPhoto) {
      const up = await injectAs(ctx.app, s, {
        method: 'POST',
        url: '/api/v1/uploads',
        ...multipartFiles([{ name: 'mural.png', type: 'image/png', data: await media.png() }]),
      })
      expect(up.statusCode, up.body).toBe(201)
      m = up.json().media.map((x: { url: string; type: string }) => ({ url: x.url, type: x.type }))
    }
    const res = await injectAs(ctx.app, s, {
      method: 'POST',
      url: '/api/v1/posts/create',
      payload: { content, media: m, visibility: 'public' },
    })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().post as { _id: string }
  }
  const searchAs = async (s: Session | null, q: string, extra = '') => {
    const res = await injectAs(ctx.app, s, {
      method: 'GET',
      url: `/api/v1/search?q=${encodeURIComponent(q)}${extra}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as { jobs: unknown[]; posts: any[]; nextCursor: string | null }
  }
  const ids = (posts: { _id: string }[]) => posts.map((p) => p._id)

  it('finds a post by its text, shaped exactly as the feed shows it, and leaves out posts that do not match', async () => {
    const hit = await post(asha, 'Painted a zinnialoom mural for a Kochi cafe this week', true)
    const miss = await post(asha, 'Painted a marigold mural for a Pune bakery this week')
    const like = await injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/posts/${hit._id}/like` })
    expect(like.statusCode, like.body).toBe(200)

    const { posts } = await searchAs(ravi, 'zinnialoom')
    expect(ids(posts)).toEqual([hit._id])
    expect(ids(posts)).not.toContain(miss._id)
    const found = posts[0]
    expect(found).toMatchObject({
      content: 'Painted a zinnialoom mural for a Kochi cafe this week',
      author: { _id: asha.user._id, userId: asha.user.userId, fullname: 'Asha Postwala' },
      likeCount: 1,
      likedByMe: true,
      isMine: false,
    })
    expect(found.media).toHaveLength(1)
    expect(found.media[0]).toMatchObject({ type: 'image', url: expect.stringMatching(/^\/uploads\//) })
    // The same object as the feed's item for the same viewer.
    const feed = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/posts?limit=50' })
    expect(found).toEqual(feed.json().data.posts.find((p: { _id: string }) => p._id === hit._id))
    // Both posts share "mural": both are found by it, the one naming both words first.
    expect(ids((await searchAs(ravi, 'zinnialoom mural')).posts)).toEqual([hit._id])
    expect(ids((await searchAs(ravi, 'mural')).posts)).toEqual(expect.arrayContaining([hit._id, miss._id]))
  })

  it('is public: signed out it finds posts, liked by no one; the author sees the post as theirs', async () => {
    const p = await post(asha, 'Sketchbook tour: quillmarsh studies in ink')
    await injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/posts/${p._id}/like` })
    const out = await searchAs(null, 'quillmarsh')
    expect(ids(out.posts)).toEqual([p._id])
    expect(out.posts[0]).toMatchObject({ likeCount: 1, likedByMe: false, isMine: false })
    expect((await searchAs(asha, 'quillmarsh')).posts[0]).toMatchObject({ likedByMe: false, isMine: true })
    expect((await searchAs(ravi, 'quillmarsh')).posts[0]).toMatchObject({ likedByMe: true, isMine: false })
  })

  it('comes with the first page only: later pages are more jobs', async () => {
    const p = await post(ravi, 'Learning React hooks this month, notes on my profile')
    const first = await searchAs(null, 'react', '&limit=1')
    expect(ids(first.posts)).toContain(p._id)
    expect(first.jobs).toHaveLength(1)
    expect(first.nextCursor).not.toBeNull()
    const next = await searchAs(null, 'react', `&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`)
    expect(next.jobs).toHaveLength(1)
    expect(next.posts).toEqual([])
  })

  it('no longer finds a deleted post', async () => {
    const p = await post(asha, 'Selling my old brambleket easel, DM me')
    expect(ids((await searchAs(null, 'brambleket')).posts)).toEqual([p._id])
    const del = await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/posts/${p._id}` })
    expect(del.statusCode, del.body).toBe(200)
    expect((await searchAs(null, 'brambleket')).posts).toEqual([])
  })

  it('finds a post by its link preview, below a post that says the word itself', async () => {
    const own = await post(ravi, 'My larkspindle weaving finally done')
    const linked = await post(asha, 'Have a look at this')
    // The preview as the server stores it (a real fetch is post-preview.test.ts's subject); an update re-indexes.
    await ctx.database.db.execute(sql`update posts set link = 'https://weave.example/',
      link_preview = ${JSON.stringify({
        url: 'https://weave.example/',
        title: 'Larkspindle looms',
        description: 'Hand looms from Panipat',
        image: null,
        siteName: 'Weave Example',
      })}::jsonb where id = ${linked._id}`)
    expect(ids((await searchAs(null, 'larkspindle')).posts)).toEqual([own._id, linked._id])
    expect(ids((await searchAs(null, 'panipat looms')).posts)).toEqual([linked._id])
    expect(ids((await searchAs(null, 'weave example')).posts)).toContain(linked._id)
  })
})

describe('migration 0009_posts_search', () => {
  it('indexes the posts that existed before it, and their words', async () => {
    const all = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations')
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-migrations-'))
    for (const f of fs.readdirSync(all).filter((f) => f < '0009'))
      fs.copyFileSync(path.join(all, f), path.join(before, f))
    const url = process.env.DATABASE_URL
    const schemaName = url ? `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}` : undefined
    const database = await openDatabase({ databaseUrl: url, schemaName })
    try {
      await migrate(database, before)
      await database.exec(`
        insert into users (id, user_id, username, fullname, email)
          values ('00000000-0000-4000-8000-000000000001', 'old1', 'old1', 'Old Poster', 'old@example.in');
        insert into posts (author_id, content, link_preview) values ('00000000-0000-4000-8000-000000000001',
          'An old post about gulmohar paintings', '{"url":"https://x.example/","title":"Jacaranda prints",
          "description":null,"image":null,"siteName":null}')`)
      expect(await migrate(database, all)).toContain('0009_posts_search.sql')
      const q = (text: string) =>
        database.db.execute(
          sql`select count(*)::int as n from posts where search_vector @@ to_tsquery('english', ${text})`,
        )
      expect((await q('gulmohar')).rows[0]).toEqual({ n: 1 })
      expect((await q('jacaranda')).rows[0]).toEqual({ n: 1 })
      const terms = await database.db.execute(
        sql`select term from search_terms where term in ('gulmohar', 'jacaranda') order by term`,
      )
      expect(terms.rows).toEqual([{ term: 'gulmohar' }, { term: 'jacaranda' }])
    } finally {
      if (schemaName) await database.exec(`drop schema if exists ${schemaName} cascade`)
      await database.close()
      fs.rmSync(before, { recursive: true, force: true })
    }
  })
})
