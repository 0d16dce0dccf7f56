import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  multipart,
  PDF,
  signUp,
  type Session,
  type TestCtx,
} from '../test/helpers'
import { applyTo, postJob } from '../test/jobs'
import { collect, connectAs, listenLocal, type ClientSocket } from '../test/sockets'
import { media, multipartFiles } from '../modules/uploads/test-media'

// Each limit at 2 a minute; the request after it must be refused, cleanly, and only for that caller (ADR 020).
const LIMIT = 2
let ctx: TestCtx
let asha: Session // client with two jobs
let ravi: Session // freelancer: the one who goes too fast
let meera: Session // freelancer: must not be affected
let kiran: Session // freelancer
let jobs: any[]
const sockets: ClientSocket[] = []

beforeAll(async () => {
  ctx = await createTestApp({
    CHAT_SEND_PER_MIN: String(LIMIT),
    POST_CREATE_PER_MIN: String(LIMIT),
    COMMENT_CREATE_PER_MIN: String(LIMIT),
    APPLY_PER_MIN: String(LIMIT),
    UPLOAD_PER_MIN: String(LIMIT),
  })
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  kiran = await signUp(ctx, { email: 'kiran@example.in', fullname: 'Kiran Rao' })
  jobs = []
  for (let i = 0; i < 4; i++) jobs.push(await postJob(ctx.app, asha, { title: `Limits job ${i}` }))
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})

const count = async (table: string, where = sql`true`) =>
  Number(
    (
      (await ctx.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`))
        .rows[0] as any
    ).n,
  )

/** The refusal every limit gives: 429, the error envelope with a sentence naming the wait, and Retry-After. */
function expectRefused(res: LightMyRequestResponse, windowSec = 60) {
  expect(res.statusCode).toBe(429)
  const body = res.json()
  expect(body).toMatchObject({ success: false, code: 'rate_limited' })
  const retryAfter = Number(res.headers['retry-after'])
  expect(Number.isInteger(retryAfter)).toBe(true)
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(windowSec)
  expect(body.message).toMatch(new RegExp(`Please try again in ${retryAfter} seconds?\\.$`))
  return body.message as string
}

describe('apply to a job', () => {
  const apply = (s: Session, jobId: string) =>
    injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/application/jobs/${jobId}/apply`, payload: {} })

  it('refuses the application after the limit, writes nothing for it, and leaves others alone', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await apply(ravi, jobs[i]._id)).statusCode).toBe(201)
    const refused = await apply(ravi, jobs[LIMIT]._id)
    expect(expectRefused(refused)).toMatch(/^You are applying to jobs too fast\./)
    expect(await count('applications', sql`job_id = ${jobs[LIMIT]._id}`)).toBe(0)
    expect((await apply(meera, jobs[LIMIT]._id)).statusCode).toBe(201)
  })
})

describe('posts and comments', () => {
  const create = (s: Session, content: string) =>
    injectAs(ctx.app, s, {
      method: 'POST',
      url: '/api/v1/posts/create',
      payload: { content, media: [], visibility: 'public' },
    })

  it('refuses the post after the limit, writes nothing for it, and leaves others alone', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await create(ravi, `ravi post ${i}`)).statusCode).toBe(201)
    const refused = await create(ravi, 'ravi post refused')
    expect(expectRefused(refused)).toMatch(/^You are posting too often\./)
    expect(await count('posts', sql`content = 'ravi post refused'`)).toBe(0)
    expect((await create(meera, 'meera post')).statusCode).toBe(201)
  })

  it('refuses the comment after the limit, writes nothing for it, and leaves others alone', async () => {
    const post = (await create(kiran, 'kiran post')).json().post
    const comment = (s: Session, content: string) =>
      injectAs(ctx.app, s, {
        method: 'POST',
        url: `/api/v1/posts/${post._id}/comments`,
        payload: { content },
      })
    for (let i = 0; i < LIMIT; i++) expect((await comment(ravi, `ravi comment ${i}`)).statusCode).toBe(201)
    const refused = await comment(ravi, 'ravi comment refused')
    expect(expectRefused(refused)).toMatch(/^You are commenting too often\./)
    expect(await count('post_comments', sql`content = 'ravi comment refused'`)).toBe(0)
    expect((await comment(meera, 'meera comment')).statusCode).toBe(201)
  })
})

describe('uploads', () => {
  it('refuses the upload after the limit, keeps no file for it, and leaves others alone', async () => {
    const png = await media.png()
    const upload = (s: Session) =>
      injectAs(ctx.app, s, {
        method: 'POST',
        url: '/api/v1/uploads',
        ...multipartFiles([{ name: 'a.png', type: 'image/png', data: png }]),
      })
    for (let i = 0; i < LIMIT; i++) expect((await upload(ravi)).statusCode).toBe(201)
    const before = await count('uploads')
    const refused = await upload(ravi)
    expect(expectRefused(refused)).toMatch(/^You are uploading too often\./)
    expect(await count('uploads')).toBe(before)
    // a profile save (it may carry a resume) is counted with the uploads
    const profile = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/user/profile/update',
      ...multipart(
        { fullname: 'Ravi Renamed', bio: 'new bio' },
        { file: { name: 'cv.pdf', type: 'application/pdf', data: PDF } },
      ),
    })
    expectRefused(profile)
    expect(await count('users', sql`fullname = 'Ravi Renamed'`)).toBe(0)
    expect(await count('uploads')).toBe(before)
    expect((await upload(meera)).statusCode).toBe(201)
  })
})

describe('chat messages: one budget per user over HTTP and the socket', () => {
  const send = (s: Session, receiver: string, content: string) =>
    injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/chat/send', payload: { receiver, content } })

  it('refuses the HTTP message after the limit, stores nothing for it, and leaves others alone', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await send(asha, ravi.user._id, `asha to ravi ${i}`)).statusCode).toBe(201)
    const refused = await send(asha, ravi.user._id, 'asha refused')
    expect(expectRefused(refused)).toMatch(/^You are sending messages too fast\./)
    expect(await count('messages', sql`content = 'asha refused'`)).toBe(0)
    expect((await send(ravi, asha.user._id, 'ravi to asha')).statusCode).toBe(201)
  })

  it('the socket shares the budget: refused with rate_limited and retryAfter, as an ack or an event', async () => {
    const url = await listenLocal(ctx.app)
    const sock = await connectAs(url, meera)
    sockets.push(sock)
    // meera applied above, so she may write to asha; one message over HTTP, one by socket, then the limit.
    expect((await send(meera, asha.user._id, 'meera http')).statusCode).toBe(201)
    const ok = await sock.emitWithAck('sendMessage', { receiver: asha.user._id, content: 'meera socket 1' })
    expect(ok.success).toBe(true)
    const refused = await sock.emitWithAck('sendMessage', {
      receiver: asha.user._id,
      content: 'meera socket 2',
    })
    expect(refused).toMatchObject({ success: false, code: 'rate_limited' })
    const retryAfter = (refused as { retryAfter?: number }).retryAfter!
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true)
    expect(refused.success === false && refused.message).toMatch(/^You are sending messages too fast\./)
    // without an ack the refusal comes as an event
    const events = collect(sock, 'rateLimited')
    sock.emit('sendMessage', { receiver: asha.user._id, content: 'meera socket 3' })
    await events.until(1)
    expect(events.got[0]).toMatchObject({ event: 'sendMessage', code: 'rate_limited' })
    expect(events.got[0].retryAfter).toBeGreaterThanOrEqual(1)
    // and over HTTP she is refused too: the same bucket
    expectRefused(await send(meera, asha.user._id, 'meera http 2'))
    expect(await count('messages', sql`content like 'meera%'`)).toBe(2)
    // kiran (applied below) is not affected
    await applyTo(ctx.app, kiran, jobs[3]._id)
    const other = await connectAs(url, kiran)
    sockets.push(other)
    const kiranOk = await other.emitWithAck('sendMessage', {
      receiver: asha.user._id,
      content: 'kiran socket',
    })
    expect(kiranOk.success).toBe(true)
  })
})

describe('one-time codes (per IP while signed out, each code route on its own)', () => {
  it('refuses code requests and checks after the limit, sends no mail for them, and leaves other IPs alone', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MIN: String(LIMIT) })
    try {
      const call = (url: string, payload: object, remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: `/api/v1/user${url}`, payload, remoteAddress })
      const ip = '10.9.9.9'
      for (let i = 0; i < LIMIT; i++)
        expect((await call('/send-otp', { email: `o${i}@example.in`, fullname: 'O' }, ip)).statusCode).toBe(
          200,
        )
      const refused = await call('/send-otp', { email: 'late@example.in', fullname: 'O' }, ip)
      expect(expectRefused(refused)).toMatch(/^Too many code requests\./)
      await limited.app.outbox.settled()
      expect(limited.sink.countTo('late@example.in')).toBe(0)
      const codes = await limited.database.db.execute(sql`select count(*)::int as n from otp_codes`)
      expect(Number((codes.rows[0] as any).n)).toBe(LIMIT)
      // checking codes is counted apart from sending them
      for (let i = 0; i < LIMIT; i++) {
        const wrong = await call('/verify-otp', { email: 'o0@example.in', otp: '000000' }, ip)
        expect(wrong.statusCode).toBeGreaterThanOrEqual(400)
        expect(wrong.statusCode).not.toBe(429)
      }
      expectRefused(await call('/verify-otp', { email: 'o0@example.in', otp: '000000' }, ip))
      // another network is not affected
      const other = await call('/send-otp', { email: 'elsewhere@example.in', fullname: 'O' }, '10.8.8.8')
      expect(other.statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe.skipIf(!(process.env.DATABASE_URL && process.env.REDIS_URL))(
  'two instances on one PostgreSQL and Redis count into the same buckets (set DATABASE_URL and REDIS_URL to run)',
  () => {
    it('a user at the limit on A is refused on B, over HTTP and the socket', async () => {
      const env = {
        POST_CREATE_PER_MIN: String(LIMIT),
        CHAT_SEND_PER_MIN: String(LIMIT),
        SESSION_SECRET: 'limits-test-shared-session-secret-0123456789',
      }
      const a = await createTestApp(env)
      const b = await anotherInstance(a, env)
      try {
        const client = await signUp(a, { email: 'c@example.in', fullname: 'Client', role: 'client' })
        const worker = await signUp(a, { email: 'w@example.in', fullname: 'Worker' })
        const job = await postJob(a.app, client)
        await applyTo(a.app, worker, job._id)
        const post = (app: TestCtx, content: string) =>
          injectAs(app.app, worker, {
            method: 'POST',
            url: '/api/v1/posts/create',
            payload: { content, media: [], visibility: 'public' },
          })
        for (let i = 0; i < LIMIT; i++) expect((await post(a, `on A ${i}`)).statusCode).toBe(201)
        expectRefused(await post(b, 'on B'))

        const send = (app: TestCtx, content: string) =>
          injectAs(app.app, worker, {
            method: 'POST',
            url: '/api/v1/chat/send',
            payload: { receiver: client.user._id, content },
          })
        for (let i = 0; i < LIMIT; i++) expect((await send(a, `chat on A ${i}`)).statusCode).toBe(201)
        const onB = await connectAs(await listenLocal(b.app), worker)
        sockets.push(onB)
        const refused = await onB.emitWithAck('sendMessage', {
          receiver: client.user._id,
          content: 'socket on B',
        })
        expect(refused).toMatchObject({ success: false, code: 'rate_limited' })
        expect(await count2(b, sql`content = 'socket on B'`)).toBe(0)

        // The other way round: what B counted for its socket from its own view of the bucket reaches the shared count.
        const other = await signUp(a, { email: 'o@example.in', fullname: 'Other Worker' })
        await applyTo(a.app, other, job._id)
        const otherOnB = await connectAs(await listenLocal(b.app), other)
        sockets.push(otherOnB)
        const sendOnB = (content: string) =>
          otherOnB.emitWithAck('sendMessage', { receiver: client.user._id, content })
        for (let i = 0; i < LIMIT; i++) expect((await sendOnB(`other on B ${i}`)).success).toBe(true)
        expect(await sendOnB('other on B, one too many')).toMatchObject({
          success: false,
          code: 'rate_limited',
        })
        await b.app.flushLimits()
        expectRefused(
          await injectAs(a.app, other, {
            method: 'POST',
            url: '/api/v1/chat/send',
            payload: { receiver: client.user._id, content: 'other on A' },
          }),
        )
        expect(await count2(a, sql`content like 'other on%'`)).toBe(LIMIT)
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)

async function count2(app: TestCtx, where: ReturnType<typeof sql>) {
  return Number(
    (
      (await app.database.db.execute(sql`select count(*)::int as n from messages where ${where}`))
        .rows[0] as any
    ).n,
  )
}
