import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anotherInstance, createTestApp, injectAs, signUp, type Session, type TestCtx } from '../test/helpers'
import { collect, connectAs, listenLocal, roundTrip, type ClientSocket } from '../test/sockets'

const shared = !!(process.env.DATABASE_URL && process.env.REDIS_URL)

/**
 * Two app instances on one PostgreSQL schema and one Redis, as behind a load balancer. Needs both: PGlite is one
 * process's database, and without Redis each instance has its own rooms.
 */
describe.skipIf(!shared)(
  'two instances on one PostgreSQL and Redis (set DATABASE_URL and REDIS_URL to run)',
  () => {
    let a: TestCtx
    let b: TestCtx | null
    let urlA: string
    let urlB: string
    let asha: Session
    let ravi: Session
    const sockets: ClientSocket[] = []
    const secondInstance = () => anotherInstance(a)

    beforeAll(async () => {
      a = await createTestApp()
      b = await secondInstance()
      urlA = await listenLocal(a.app)
      urlB = await listenLocal(b.app)
      asha = await signUp(a, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
      ravi = await signUp(a, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
    })
    afterAll(async () => {
      for (const s of sockets) s.close()
      await b?.close()
      await a?.close()
    })

    const sendOnA = async (content: string) => {
      const res = await injectAs(a.app, asha, {
        method: 'POST',
        url: '/api/v1/chat/send',
        payload: { receiver: ravi.user._id, content },
      })
      expect(res.statusCode).toBe(201)
      return res.json().data.message
    }

    it('a message sent on A reaches a socket on B exactly once, with its notification', async () => {
      const raviOnB = await connectAs(urlB, ravi)
      sockets.push(raviOnB)
      const got = collect(raviOnB, 'receiveMessage')
      const bell = collect(raviOnB, 'receiveNotification')
      const m1 = await sendOnA('first, from A')
      const m2 = await sendOnA('second, from A')
      await got.until(2)
      const [n] = await bell.until(1)
      expect(n).toMatchObject({ type: 'message', metadata: { senderId: asha.user._id } })
      await roundTrip(raviOnB, ravi.user._id)
      expect(got.got.map((m) => m._id)).toEqual([m1._id, m2._id])
    })

    it('a socket on B sends; the socket on A receives', async () => {
      const raviOnB = await connectAs(urlB, ravi)
      const ashaOnA = await connectAs(urlA, asha)
      sockets.push(raviOnB, ashaOnA)
      const got = collect(ashaOnA, 'receiveMessage')
      const ack = await raviOnB.emitWithAck('sendMessage', {
        receiver: asha.user._id,
        content: 'hello from B',
      })
      expect(ack.success).toBe(true)
      const [m] = await got.until(1)
      expect(m.content).toBe('hello from B')
    })

    it('a client dropped from B is restored from B’s memory of the stream, even once the stream no longer has it', async () => {
      // No automatic reconnection: the test brings it back once the stream is trimmed.
      const raviOnB = await connectAs(urlB, ravi)
      const ashaOnB = await connectAs(urlB, asha)
      sockets.push(raviOnB, ashaOnB)
      const got = collect(raviOnB, 'receiveMessage')
      const ashasCopies = collect(ashaOnB, 'receiveMessage')
      const before = await sendOnA('before the drop')
      await got.until(1)
      const onServer = b!.app.io.of('/').sockets.get(raviOnB.id!)!
      const gone = new Promise((r) => onServer.once('disconnect', r))
      raviOnB.io.engine.close()
      await gone
      const during = [
        await sendOnA('while away 1'),
        await sendOnA('while away 2'),
        await sendOnA('while away 3'),
      ]
      // B has read all of them from the stream once Asha's own socket on B has her copies.
      await ashasCopies.until(4)
      // Trim the stream down to its newest entry: the adapter alone could no longer replay what Ravi missed.
      const { Redis } = await import('ioredis')
      const redis = new Redis(process.env.REDIS_URL!)
      try {
        const newest = (ashaOnB as unknown as { _lastOffset: string })._lastOffset
        await redis.xtrim(`${a.realtimePrefix}:stream`, 'MINID', newest)
      } finally {
        redis.disconnect()
      }
      const back = new Promise<void>((r) => raviOnB.once('connect', () => r()))
      raviOnB.connect()
      await back
      expect(raviOnB.recovered).toBe(true)
      await got.until(4)
      await roundTrip(raviOnB, ravi.user._id)
      expect(got.got.map((m) => m._id)).toEqual([before._id, ...during.map((m) => m._id)])
    })

    it('a client further behind than a full recovery log connects afresh (it refetches) instead of a stream read-back', async () => {
      const c = await anotherInstance(a, {}, { recoveryLogSize: 2 })
      try {
        const urlC = await listenLocal(c.app)
        const raviOnC = await connectAs(urlC, ravi)
        const ashaOnC = await connectAs(urlC, asha)
        sockets.push(raviOnC, ashaOnC)
        const got = collect(raviOnC, 'receiveMessage')
        const ashasCopies = collect(ashaOnC, 'receiveMessage')
        await sendOnA('before a long absence')
        await got.until(1)
        const onServer = c.app.io.of('/').sockets.get(raviOnC.id!)!
        const gone = new Promise((r) => onServer.once('disconnect', r))
        raviOnC.io.engine.close()
        await gone
        for (let i = 1; i <= 3; i++) await sendOnA(`during a long absence ${i}`)
        await ashasCopies.until(4) // C has read them all; its log of two no longer reaches Ravi's offset
        const back = new Promise<void>((r) => raviOnC.once('connect', () => r()))
        raviOnC.connect()
        await back
        expect(raviOnC.recovered).toBe(false)
        // live again from here on
        const after = await sendOnA('after a long absence')
        expect((await got.until(2)).at(-1)?._id).toBe(after._id)
      } finally {
        await c.close()
      }
    })

    it('B restarts mid-way: its client comes back and misses nothing the database accepted', async () => {
      const raviOnB = await connectAs(urlB, ravi, { reconnection: true })
      sockets.push(raviOnB)
      const got = collect(raviOnB, 'receiveMessage')
      const before = await sendOnA('before the restart')
      await got.until(1)
      const port = Number(new URL(urlB).port)
      await b!.close()
      b = null
      const during = [await sendOnA('while B is down 1'), await sendOnA('while B is down 2')]
      const reconnected = new Promise<void>((r) => raviOnB.once('connect', () => r()))
      b = await secondInstance()
      await b.app.listen({ port, host: '127.0.0.1' })
      await reconnected
      // The database has everything; a client refetches from its last message id (and recovery replays the rest).
      const missed = await injectAs(b.app, ravi, {
        method: 'GET',
        url: `/api/v1/chat/messages/${asha.user._id}?after=${before._id}`,
      })
      expect(missed.json().data.messages.map((m: any) => m._id)).toEqual(during.map((m) => m._id))
      // With the Redis Streams adapter the restarted instance also replays what the socket missed, exactly once.
      expect(raviOnB.recovered).toBe(true)
      await got.until(3)
      expect(got.got.map((m) => m._id)).toEqual([before._id, ...during.map((m) => m._id)])
      const after = await sendOnA('after the restart')
      const last = (await got.until(got.got.length + 1)).at(-1)
      expect(last?._id).toBe(after._id)
    })
  },
)
