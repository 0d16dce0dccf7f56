import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CATEGORIES } from '@common/categories'
import { createTestApp, injectAs, verify, type TestCtx } from '../test/helpers'
import { generateJobs } from './demo-jobs'
import { GENERATED_JOBS, seedIfEmpty } from './seed'

let ctx: TestCtx
let summary: string | null
let ms = 0
beforeAll(async () => {
  ctx = await createTestApp()
  const t = performance.now()
  summary = await seedIfEmpty(ctx.database.db)
  ms = performance.now() - t
})
afterAll(() => ctx?.close())

const rows = async (q: ReturnType<typeof sql>) => (await ctx.database.db.execute(q)).rows as any[]

describe('demo data (README "Run it")', () => {
  it('loads users, companies, at least 200 jobs and applications, quickly', async () => {
    expect(summary).toMatch(/^9 users, 8 companies, \d+ jobs, \d+ applications, 12 messages$/)
    const [{ n }] = await rows(sql`select count(*)::int as n from jobs`)
    expect(n).toBeGreaterThanOrEqual(200)
    // About 0.9 s on an idle machine; the bound leaves room for a busy parallel test run.
    if (ctx.database.kind === 'pglite') expect(ms).toBeLessThan(10_000)
  })
  it('covers all ten categories and many states, with every payment model', async () => {
    const cats = await rows(sql`select distinct category from jobs`)
    expect(cats.map((r) => r.category).sort()).toEqual([...CATEGORIES].sort())
    const [{ n }] = await rows(
      sql`select count(distinct location_preference)::int as n from jobs where location_preference <> 'Remote'`,
    )
    expect(n).toBeGreaterThanOrEqual(20)
    const models = await rows(sql`select distinct payment_type from jobs order by 1`)
    expect(models.map((r) => r.payment_type)).toEqual(['one-time', 'per-unit', 'recurring'])
  })
  it('has applications in every status, by the demo freelancers, and the notifications they caused', async () => {
    const st = await rows(sql`
      select a.status, count(*)::int as n, bool_and(u.email like '%@demo.microlance.in') as demo
        from applications a join users u on u.id = a.applicant_id group by a.status order by a.status`)
    expect(st.map((r) => r.status)).toEqual(['accepted', 'interview', 'offer', 'pending', 'rejected'])
    expect(st.every((r) => r.demo === true || r.demo === 't')).toBe(true)
    const notes = await rows(
      sql`select distinct type from notifications where type like 'application%' order by 1`,
    )
    expect(notes.map((r) => r.type)).toEqual(['application_accepted', 'application_rejected'])
  })
  it('shows the newcomer a living marketplace through the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/job/get?sort=newest' })
    const jobs = res.json().data.jobs
    expect(jobs).toHaveLength(20)
    expect(jobs[0].title).toBe('React Developer for a Restaurant Ordering App')
    expect(jobs.some((j: any) => j.company)).toBe(true)
  })
  it('fills the feed with posts, likes and comments whose counts agree', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/posts' })
    const feed = res.json().data.posts
    expect(feed.length).toBeGreaterThanOrEqual(5)
    const [{ bad }] = await rows(sql`
      select count(*)::int as bad from posts p
       where p.like_count <> (select count(*) from post_likes l where l.post_id = p.id)
          or p.comment_count <> (select count(*) from post_comments c where c.post_id = p.id)`)
    expect(bad).toBe(0)
  })
  it('opens chat as it looks in use: a job conversation with unread replies, the bell saying so, read ones', async () => {
    const signIn = async (email: string) => {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/send-login-otp',
        payload: { email },
      })
      expect(sent.statusCode).toBe(200)
      return verify(ctx, email)
    }
    /** A person's conversation list, and who each is with and how many are unread. */
    const conversationsOf = async (email: string) => {
      const me = await signIn(email)
      const list = (await injectAs(ctx.app, me, { method: 'GET', url: '/api/v1/chat/conversations' })).json()
        .data.conversations
      return { me, list, unread: list.map((c: any) => [c.user.username, c.unreadCount]) }
    }
    const { me: asha, list, unread } = await conversationsOf('asha@demo.microlance.in')
    expect(unread).toEqual([
      ['meera', 0],
      ['ravi', 2],
    ])
    const withRavi = list[1]
    expect(withRavi.lastMessage.content).toBe('I can start on Monday if that works for you.')
    // About one of Asha's jobs that Ravi applied to, which the side panel lists.
    expect(withRavi.jobs[0].createdBy).toBe(asha.user._id)
    expect(withRavi.jobs[0].title).toMatch(/React/)
    const page = (
      await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/chat/messages/${withRavi.user._id}` })
    ).json().data.messages
    expect(page).toHaveLength(5)
    expect(page.every((m: any) => m.jobId === withRavi.jobs[0]._id)).toBe(true)
    expect(page.filter((m: any) => m.readAt === null).map((m: any) => m.sender._id)).toEqual([
      withRavi.user._id,
      withRavi.user._id,
    ])
    const bell = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
      .notifications
    const unreadMessages = bell.filter((n: any) => n.type === 'message' && !n.isRead)
    expect(unreadMessages.map((n: any) => [n.message, n.metadata.senderId, n.metadata.jobId])).toEqual([
      ['Ravi Kumar sent you a message', withRavi.user._id, withRavi.jobs[0]._id],
    ])
    // Keyed as the chat's own send writes them, so they re-render in the reader's language (ADR 078).
    const { rows: keys } = await ctx.database.db.execute(
      sql`select distinct message_key from notifications where type = 'message'`,
    )
    expect(keys).toEqual([{ message_key: 'notifications.message.new' }])

    expect((await conversationsOf('ravi@demo.microlance.in')).unread).toEqual([
      ['asha', 0],
      ['vikram', 0],
    ])
    expect((await conversationsOf('meera@demo.microlance.in')).unread).toEqual([['asha', 1]])
  })
  it('is the same on every machine and runs only on an empty database', async () => {
    expect(generateJobs(GENERATED_JOBS).map((j) => j.title)).toEqual(
      generateJobs(GENERATED_JOBS).map((j) => j.title),
    )
    expect(await seedIfEmpty(ctx.database.db)).toBeNull()
  })
})
