import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { MessagesAnswer } from '@common/schemas/chat'
import { messages, users } from '../../db/schema'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import type { JobsService } from '../jobs/jobs.service'
import { chatService } from './chat.service'

// A conversation's page is JSON text the database writes (ADR 080). It must be the very answer the presented path
// gives (`chat.messages`, still used to catch up after a message): same keys, order, escapes, dates and cursor.
let ctx: TestCtx
let asha: Session // client
let ravi: Session // freelancer who applied to Asha's job
let meera: Session // a stranger to both
let job: any
let reference: ReturnType<typeof chatService>

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha.j@example.in', fullname: 'Asha "Ash" Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.j@example.in', fullname: 'Ravi \\ Kumar' })
  meera = await signUp(ctx, { email: 'meera.j@example.in', fullname: 'मीरा शाह' })
  job = await postJob(ctx.app, asha, { title: 'Landing page in React' })
  await applyTo(ctx.app, ravi, job._id)
  // The presented path, on the same database: the page the route answered before it was written in SQL.
  reference = chatService({ db: ctx.database.db, jobs: {} as JobsService })
})
afterAll(async () => {
  await ctx?.close()
})

const send = async (s: Session, to: Session, content: string, jobId?: string) => {
  const res = await injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/chat/send',
    payload: { receiver: to.user._id, content, ...(jobId ? { jobId } : {}) },
  })
  expect(res.statusCode).toBe(201)
}
const userRow = async (s: Session) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, s.user._id)))[0]

/** The route's body beside the presented answer for the same query, and the route's answer parsed. */
async function both(s: Session, otherId: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  const res = await injectAs(ctx.app, s, {
    method: 'GET',
    url: `/api/v1/chat/messages/${otherId}${qs ? `?${qs}` : ''}`,
  })
  let expected: string
  try {
    const data = await reference.messages(await userRow(s), otherId, {
      ...query,
      limit: query.limit === undefined ? undefined : Number(query.limit),
    } as { before?: string; limit?: number })
    expected = JSON.stringify(MessagesAnswer.parse({ success: true, data }))
  } catch (e) {
    expected = `${(e as { statusCode?: number }).statusCode}`
  }
  return { status: res.statusCode, body: res.body, expected, json: res.json() }
}

/** Every page from the newest back, for `limit` per page; each body must equal the presented one byte for byte. */
async function walk(s: Session, other: Session, limit?: number) {
  const seen: string[] = []
  let before: string | null | undefined
  for (let i = 0; i < 50; i++) {
    const query: Record<string, string | number> = {}
    if (limit !== undefined) query.limit = limit
    if (before) query.before = before
    const r = await both(s, other.user._id, query)
    expect(r.status).toBe(200)
    expect(r.body).toBe(r.expected)
    seen.unshift(...r.json.data.messages.map((m: { content: string }) => m.content))
    before = r.json.data.nextCursor
    if (!before) return seen
  }
  throw new Error('the cursor never ran out')
}

describe('a page of messages written by the database', () => {
  it('is the presented answer byte for byte: escapes, names, jobs, read receipts, the notice and every cursor', async () => {
    const contents = [
      'plain hello',
      'quote " backslash \\ slash / and a tab\there',
      'two\nlines and a bell \u0007 and \u001f and DEL \u007f',
      'emoji 😀, Hindi नमस्ते, separators \u2028 \u2029 and </script>',
      'Call me on 98765 43210, we can settle it directly',
    ]
    for (const c of contents) await send(meera, ravi, c)
    await send(ravi, meera, 'my UPI is ravi@upi')
    await send(asha, ravi, 'about the landing page', job._id)
    await send(ravi, asha, 'sure, tomorrow')
    // Ravi reads Meera's messages: read receipts appear on her side of the page.
    const read = await injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/chat/read/${meera.user._id}` })
    expect(read.statusCode).toBe(200)
    // Times with microseconds (written by SQL, not by the app): both paths cut them to milliseconds.
    await ctx.database.db
      .update(messages)
      .set({
        createdAt: sql`'2026-01-02 03:04:05.678999+00'::timestamptz`,
        readAt: sql`'2026-01-02 09:10:11.999999+05:30'::timestamptz`,
      })
      .where(eq(messages.content, 'plain hello'))

    for (const [s, other] of [
      [ravi, meera],
      [meera, ravi],
      [asha, ravi],
      [ravi, asha],
    ] as const)
      for (const limit of [undefined, 1, 2, 3, 100]) {
        const seen = await walk(s, other, limit)
        expect(seen.length).toBe(s === asha || other === asha ? 2 : contents.length + 1)
      }

    // What the receiver is shown, and what the sender is not.
    const forRavi = (await both(ravi, meera.user._id)).json.data.messages
    const forMeera = (await both(meera, ravi.user._id)).json.data.messages
    const flag = (list: { content: string; offPlatform: boolean }[], c: string) =>
      list.find((m) => m.content.startsWith(c))!.offPlatform
    expect(flag(forRavi, 'Call me')).toBe(true)
    expect(flag(forMeera, 'Call me')).toBe(false)
    expect(flag(forMeera, 'my UPI')).toBe(true)
    const hello = forRavi.find((m: { content: string }) => m.content === 'plain hello')
    expect(hello).toMatchObject({ createdAt: '2026-01-02T03:04:05.678Z', readAt: '2026-01-02T03:40:11.999Z' })
    const aboutJob = (await both(ravi, asha.user._id)).json.data.messages[0]
    expect(aboutJob).toMatchObject({
      jobId: job._id,
      sender: { _id: asha.user._id, fullname: 'Asha "Ash" Iyer' },
    })
  })

  it('a cursor before everything, a stranger with no conversation, and oneself by another spelling', async () => {
    for (const [s, otherId, query] of [
      [ravi, meera.user._id, { before: '1' }],
      [ravi, meera.user._id, { before: '999999999999' }],
      [meera, asha.user._id, {}],
      [asha, asha.user._id.toUpperCase(), {}],
    ] as const) {
      const r = await both(s, otherId, query)
      expect(r.status).toBe(200)
      expect(r.body).toBe(r.expected)
    }
    expect((await both(meera, asha.user._id)).json.data).toMatchObject({
      user: { _id: asha.user._id, fullname: 'Asha "Ash" Iyer' },
      messages: [],
      nextCursor: null,
    })
  })

  it('404 for someone who does not exist, 400 for oneself, as before', async () => {
    const ghost = await both(ravi, '00000000-0000-4000-8000-000000000000')
    expect([ghost.status, ghost.expected]).toEqual([404, '404'])
    expect(ghost.json.code).toBe('user_not_found')
    const self = await both(ravi, ravi.user._id)
    expect([self.status, self.expected]).toEqual([400, '400'])
    expect(self.json.code).toBe('cannot_message_self')
  })
})
