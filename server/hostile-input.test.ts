import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, multipart, signUp, type Session, type TestCtx } from './test/helpers'
import { applyTo, jobBody, postJob } from './test/jobs'

/**
 * Hostile text in every user text field is kept and given back as text, byte for byte — or refused with a clear 4xx
 * where the field does not take it. Rendering it safely is the web's part (e2e/hostile-input.spec.ts).
 */
const PARTS = {
  sql: `x'); drop table users;-- " OR 1=1 --`,
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  jsUrl: 'javascript:alert(document.cookie)',
  rtl: 'invoice\u202Efdp.exe',
  zeroWidth: '👩\u200D💻 dev\u200Bops\u200C\u200Dx',
  combining: 'Z\u0351\u0363\u036B\u0489a\u0300\u0301\u0302lgo',
  emoji: '🇮🇳 ₹ नमस्ते 🙏🏽 ٱلسَّلَامُ',
  // control characters the text fields allow: tab, line breaks and the C1 range
  controls: 'tab\there\u0085nel\u009bcsi',
  lines: 'line one\nline two\r\nline three',
  entities: '&lt;b&gt; &amp; &#x3C;i&#62; ${7*7} {{7*7}}',
} as const
const LONG_WORD = 'supercalifragilistic'.repeat(100) // 2000 characters, no space to break on
const ALL = Object.values(PARTS).join(' | ')
const BIO = `${ALL} ${LONG_WORD.slice(0, 1000)}` // a bio is at most 2000 characters

let ctx: TestCtx
let client: Session
let worker: Session

beforeAll(async () => {
  ctx = await createTestApp()
  client = await signUp(ctx, { email: 'client@example.in', fullname: 'Client', role: 'client' })
  worker = await signUp(ctx, { email: 'worker@example.in', fullname: 'Worker' })
})
afterAll(() => ctx?.close())

const ok = async (res: { statusCode: number; body: string }, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`)
  return JSON.parse(res.body)
}
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })

describe('hostile text round-trips as text', () => {
  it('profile: name, bio and skills', async () => {
    for (const [name, p] of Object.entries(PARTS)) {
      const form = multipart({ fullname: p, bio: BIO, skills: p })
      const res = await injectAs(ctx.app, worker, {
        method: 'POST',
        url: '/api/v1/user/profile/update',
        ...form,
      })
      const user = (await ok(res)).user
      expect(user.fullname, name).toBe(p)
      expect(user.profile.bio).toBe(BIO)
      expect(user.profile.skills, name).toEqual([p])
      const read = (await ok(await get(null, `/api/v1/user/m/${user.userId}`))).user
      expect(read.fullname, name).toBe(p)
      expect(read.profile.bio).toBe(BIO)
      expect(read.profile.skills, name).toEqual([p])
    }
  })

  it('company: name and description; a javascript: website is refused', async () => {
    for (const [name, p] of Object.entries(PARTS)) {
      const created = await injectAs(ctx.app, client, {
        method: 'POST',
        url: '/api/v1/company',
        payload: { name: p, description: ALL },
      })
      const company = (await ok(created, 201)).company
      expect(company.name, name).toBe(p)
      const read = (await ok(await get(null, `/api/v1/company/${company._id}`))).company
      expect(read.name, name).toBe(p)
      expect(read.description).toBe(ALL)
    }
    const bad = await injectAs(ctx.app, client, {
      method: 'POST',
      url: '/api/v1/company',
      payload: { name: 'Fine', website: PARTS.jsUrl },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Website must be an uploaded file or a web address/)
  })

  it('job: title, description and skills; a hostile location is refused', async () => {
    for (const [name, p] of Object.entries(PARTS)) {
      const job = await postJob(ctx.app, client, {
        title: p,
        description: `${ALL} ${LONG_WORD}`,
        skills: [p, 'React'],
      })
      expect(job.title, name).toBe(p)
      const read = (await ok(await get(null, `/api/v1/job/${job._id}`))).job
      expect(read.title, name).toBe(p)
      expect(read.description).toBe(`${ALL} ${LONG_WORD}`)
      expect(read.skills, name).toEqual([p, 'React'])
    }
    const bad = await injectAs(ctx.app, client, {
      method: 'POST',
      url: '/api/v1/job/post',
      payload: jobBody({ locationPreference: PARTS.script }),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Choose one of the 28 states/)
  })

  it('cover letter, as the applicant and the client read it; a javascript: resume is refused', async () => {
    const job = await postJob(ctx.app, client, { title: 'Cover letter job' })
    const letter = `${ALL} ${LONG_WORD}`
    const bad = await injectAs(ctx.app, worker, {
      method: 'POST',
      url: `/api/v1/application/jobs/${job._id}/apply`,
      payload: { coverLetter: letter, resume: PARTS.jsUrl },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/Resume must be an uploaded file or a web address/)
    const application = await applyTo(ctx.app, worker, job._id, { coverLetter: letter })
    expect(application.coverLetter).toBe(letter)
    const applicants = (await ok(await get(client, `/api/v1/application/jobs/${job._id}/applicants`))).data
    expect(applicants.applications[0].coverLetter).toBe(letter)
    const mine = (await ok(await get(worker, '/api/v1/application/student/applications'))).data
    expect(mine.applications.find((a: any) => a.job?._id === job._id)?.coverLetter).toBe(letter)
  })

  it('chat message', async () => {
    const job = await postJob(ctx.app, client, { title: 'Chat job' })
    await applyTo(ctx.app, worker, job._id)
    const content = `${ALL} ${LONG_WORD}`
    const sent = await injectAs(ctx.app, worker, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: client.user._id, content },
    })
    expect((await ok(sent, 201)).data.message.content).toBe(content)
    const read = (await ok(await get(client, `/api/v1/chat/messages/${worker.user._id}`))).data
    expect(read.messages.map((m: any) => m.content)).toContain(content)
  })

  it('post content and comment', async () => {
    const content = `${ALL} ${LONG_WORD}`
    const created = await injectAs(ctx.app, worker, {
      method: 'POST',
      url: '/api/v1/posts/create',
      payload: { content, media: [], visibility: 'public' },
    })
    const post = (await ok(created, 201)).post
    expect(post.content).toBe(content)
    const feed = (await ok(await get(null, '/api/v1/posts/'))).data
    expect(feed.posts.find((p: any) => p._id === post._id)?.content).toBe(content)
    const comment = ALL.slice(0, 500)
    const added = await injectAs(ctx.app, client, {
      method: 'POST',
      url: `/api/v1/posts/${post._id}/comments`,
      payload: { content: comment },
    })
    expect((await ok(added, 201)).comment.content).toBe(comment)
    const comments = (await ok(await get(null, `/api/v1/posts/${post._id}/comments`))).data
    expect(comments.comments.map((c: any) => c.content)).toContain(comment)
  })

  it('search: hostile queries answer 200, and a hostile title comes back as stored', async () => {
    const job = await postJob(ctx.app, client, { title: `Quokkaplumber ${PARTS.script} ${PARTS.sql}` })
    for (const [name, q] of Object.entries({ ...PARTS, long: LONG_WORD.slice(0, 200) })) {
      const res = await get(null, `/api/v1/search?q=${encodeURIComponent(q)}`)
      expect(res.statusCode, name).toBe(200)
      expect(res.json().success).toBe(true)
    }
    const found = (await ok(await get(null, `/api/v1/search?q=${encodeURIComponent('quokkaplumber')}`))).data
    expect(found.jobs.find((j: any) => j._id === job._id)?.title).toBe(job.title)
    // the SQL fragments were text: the users table is still there
    const n = await ctx.database.db.execute(sql`select count(*)::int as n from users`)
    expect(Number((n.rows[0] as any).n)).toBeGreaterThanOrEqual(2)
  })
})
