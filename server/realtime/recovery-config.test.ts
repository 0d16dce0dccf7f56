import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, signUp, type TestCtx } from '../test/helpers'
import { collect, connectAs, listenLocal } from '../test/sockets'

const open: { close(): unknown }[] = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

/**
 * `RECOVERY_LOG_SIZE` is how many broadcasts an instance keeps for clients coming back (ADR 033): on one instance (the
 * local adapter) and, with `REDIS_URL`, on the Redis Streams adapter.
 */
describe('RECOVERY_LOG_SIZE', () => {
  const setup = async () => {
    const ctx: TestCtx = await createTestApp({ RECOVERY_LOG_SIZE: '100' })
    open.push(ctx)
    const url = await listenLocal(ctx.app)
    const ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
    const asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
    const raviSock = await connectAs(url, ravi)
    const ashaSock = await connectAs(url, asha)
    open.push(raviSock, ashaSock)
    const ashaGot = collect(ashaSock, 'receiveNotification')
    const raviGot = collect(raviSock, 'receiveNotification')
    const notify = (userId: string, n: number) =>
      ctx.app.io.to(`user:${userId}`).emit('receiveNotification', {
        _id: `n${n}`,
        type: 'system',
        message: `notice ${n}`,
        metadata: {},
        isRead: false,
        createdAt: new Date().toISOString(),
      } as never)
    notify(ravi.user._id, 0)
    await raviGot.until(1) // Ravi has an offset now
    /** Drops Ravi's connection; Asha is sent `count` notices meanwhile (read by the instance's log); Ravi comes back. */
    const awayWhile = async (count: number, forRavi = 0) => {
      const onServer = ctx.app.io.of('/').sockets.get(raviSock.id!)!
      const gone = new Promise((r) => onServer.once('disconnect', r))
      raviSock.io.engine.close()
      await gone
      const seen = ashaGot.got.length
      for (let i = 1; i <= count; i++) notify(asha.user._id, i)
      for (let i = 1; i <= forRavi; i++) notify(ravi.user._id, 1000 + i)
      await ashaGot.until(seen + count)
      const back = new Promise<void>((r) => raviSock.once('connect', () => r()))
      raviSock.connect()
      await back
    }
    return { raviSock, raviGot, awayWhile }
  }

  it('a client back after fewer broadcasts than the log holds is restored with what it missed', async () => {
    const { raviSock, raviGot, awayWhile } = await setup()
    await awayWhile(90, 2)
    expect(raviSock.recovered).toBe(true)
    await raviGot.until(3)
    expect(raviGot.got.map((n) => n.message)).toEqual(['notice 0', 'notice 1001', 'notice 1002'])
  })

  it('a client back after more broadcasts than the log holds connects afresh (and refetches)', async () => {
    const { raviSock, awayWhile } = await setup()
    await awayWhile(150)
    expect(raviSock.recovered).toBe(false)
  })
})
