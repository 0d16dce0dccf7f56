import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anotherInstance, createTestApp, injectAs, signUp, type Session, type TestCtx } from '../test/helpers'
import { postJob } from '../test/jobs'
import { collect, connectAs, listenLocal, roundTrip, type ClientSocket } from '../test/sockets'

const shared = !!(process.env.DATABASE_URL && process.env.REDIS_URL)
// Entries live a minute here, so only a drop — never expiry — can explain a fresh answer.
const longLived = { READ_CACHE_TTL_MS: '60000' }

/** GET `url` as `s` on `ctx`, the body's `data` (or the whole body for notifications). */
const read = async (ctx: TestCtx, s: Session, url: string) => {
  const res = await injectAs(ctx.app, s, { method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('a person’s cached chat and notifications change the moment a message or a read does (one instance)', () => {
  let ctx: TestCtx
  let url: string
  let asha: Session
  let ravi: Session
  const sockets: ClientSocket[] = []

  beforeAll(async () => {
    ctx = await createTestApp(longLived)
    url = await listenLocal(ctx.app)
    asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
    ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await ctx?.close()
  })

  it('messages, conversations and the bell are served from the cache until a socket message drops it', async () => {
    const messagesUrl = `/api/v1/chat/messages/${asha.user._id}`
    expect((await read(ctx, ravi, messagesUrl)).data.messages).toEqual([])
    expect((await read(ctx, ravi, '/api/v1/chat/conversations')).data.conversations).toEqual([])
    expect((await read(ctx, ravi, '/api/v1/notification')).unreadCount).toBe(0)
    // Changed behind the API's back: the cached answer still has the old name — proof it is cached.
    await ctx.database.db.execute(sql`update users set fullname = 'Asha I.' where id = ${asha.user._id}`)
    expect((await read(ctx, ravi, messagesUrl)).data.user.fullname).toBe('Asha Iyer')

    const ashaSocket = await connectAs(url, asha)
    const raviSocket = await connectAs(url, ravi)
    sockets.push(ashaSocket, raviSocket)
    const got = collect(raviSocket, 'receiveMessage')
    const ack = await ashaSocket.emitWithAck('sendMessage', { receiver: ravi.user._id, content: 'namaste' })
    expect(ack.success).toBe(true)
    await got.until(1)
    const page = (await read(ctx, ravi, messagesUrl)).data
    expect(page.user.fullname).toBe('Asha I.')
    expect(page.messages.map((m: any) => m.content)).toEqual(['namaste'])
    const [conversation] = (await read(ctx, ravi, '/api/v1/chat/conversations')).data.conversations
    expect([conversation.lastMessage.content, conversation.unreadCount]).toEqual(['namaste', 1])
    const bell = await read(ctx, ravi, '/api/v1/notification')
    expect(bell.unreadCount).toBe(1)
    expect(bell.notifications[0].type).toBe('message')

    // Reading them on the socket drops the cache too: the unread count is gone at once.
    const readAck = await raviSocket.emitWithAck('markRead', { userId: asha.user._id })
    expect(readAck.success).toBe(true)
    await roundTrip(raviSocket, ravi.user._id)
    const [after] = (await read(ctx, ravi, '/api/v1/chat/conversations')).data.conversations
    expect(after.unreadCount).toBe(0)
    const ashaView = (await read(ctx, asha, `/api/v1/chat/messages/${ravi.user._id}`)).data.messages
    expect(ashaView[0].readAt).toBeTruthy()
  })

  it('a logged-out session is refused at once although it was just remembered', async () => {
    const other = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Das' })
    expect((await injectAs(ctx.app, other, { method: 'GET', url: '/api/v1/notification' })).statusCode).toBe(
      200,
    )
    const out = await injectAs(ctx.app, other, { method: 'POST', url: '/api/v1/user/logout' })
    expect(out.statusCode).toBe(200)
    expect((await injectAs(ctx.app, other, { method: 'GET', url: '/api/v1/notification' })).statusCode).toBe(
      401,
    )
  })
})

/**
 * Two instances with one-minute entries: a change on A drops B's cached answers and remembered sessions, and B drops
 * them before it delivers the event that announces the change — a client told of a message on B and reading at once
 * from B gets it.
 */
describe.skipIf(!shared)(
  'the read cache across two instances (set DATABASE_URL and REDIS_URL to run)',
  () => {
    let a: TestCtx
    let b: TestCtx
    let urlB: string
    let asha: Session
    let ravi: Session
    const sockets: ClientSocket[] = []

    beforeAll(async () => {
      a = await createTestApp(longLived)
      b = await anotherInstance(a, longLived)
      urlB = await listenLocal(b.app)
      asha = await signUp(a, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
      ravi = await signUp(a, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
    })
    afterAll(async () => {
      for (const s of sockets) s.close()
      await b?.close()
      await a?.close()
    })

    it('a client told of a message on B reads it at once from B, sent over HTTP or a socket on A', async () => {
      const messagesUrl = `/api/v1/chat/messages/${asha.user._id}`
      const raviOnB = await connectAs(urlB, ravi)
      const ashaOnA = await connectAs(await listenLocal(a.app), asha)
      sockets.push(raviOnB, ashaOnA)
      // HTTP writes also drop caches everywhere when they answer; a socket's send drops them only through the event.
      const viaHttp = async (content: string) => {
        const sent = await injectAs(a.app, asha, {
          method: 'POST',
          url: '/api/v1/chat/send',
          payload: { receiver: ravi.user._id, content },
        })
        expect(sent.statusCode).toBe(201)
      }
      const viaSocket = async (content: string) => {
        const ack = await ashaOnA.emitWithAck('sendMessage', { receiver: ravi.user._id, content })
        expect(ack.success).toBe(true)
      }
      for (const [i, send] of [viaHttp, viaHttp, viaSocket, viaSocket, viaSocket].entries()) {
        // B holds Ravi's page as it is now…
        const before = (await read(b, ravi, messagesUrl)).data.messages.length
        // …and reads again the instant it tells him of the next message, sent on A.
        const seen = new Promise<string[]>((resolve) =>
          raviOnB.once('receiveMessage', () => {
            void read(b, ravi, messagesUrl).then((body) =>
              resolve(body.data.messages.map((m: any) => m.content)),
            )
          }),
        )
        await send(`message ${i}`)
        const contents = await seen
        expect(contents).toHaveLength(before + 1)
        expect(contents.at(-1)).toBe(`message ${i}`)
      }
    })

    it('a write and a logout on A reach B’s cached answers and remembered sessions', async () => {
      const until = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20))
        return check()
      }
      const list = async () =>
        (await injectAs(b.app, null, { method: 'GET', url: '/api/v1/job/get?sort=newest' })).json().data.jobs
      expect(await list()).toEqual([])
      await postJob(a.app, asha, { title: 'Posted on A' })
      expect(await until(async () => (await list()).length === 1)).toBe(true)

      expect((await injectAs(b.app, ravi, { method: 'GET', url: '/api/v1/notification' })).statusCode).toBe(
        200,
      )
      expect((await injectAs(a.app, ravi, { method: 'POST', url: '/api/v1/user/logout' })).statusCode).toBe(
        200,
      )
      expect(
        await until(
          async () =>
            (await injectAs(b.app, ravi, { method: 'GET', url: '/api/v1/notification' })).statusCode === 401,
        ),
      ).toBe(true)
    })
  },
)
