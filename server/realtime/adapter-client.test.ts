import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { adapterClient } from './server'

const redisUrl = process.env.REDIS_URL

/**
 * The streams adapter saves a dropped socket's session (SET) and sends its heartbeat (PUBLISH) without waiting for the
 * answer. At shutdown the sockets drop while the connection closes, so those commands fail with nobody listening: an
 * unhandled rejection, which fails a test run and can end a process. The adapter's connection swallows them, while a
 * caller that waits still sees the failure.
 */
describe.skipIf(!redisUrl)('the adapter’s Redis connection (set REDIS_URL to run)', () => {
  const opened: Redis[] = []
  afterEach(() => {
    for (const c of opened.splice(0)) c.disconnect()
  })

  it('commands sent without waiting, after the connection closed, leave no unhandled rejection', async () => {
    const base = new Redis(redisUrl!, { lazyConnect: true })
    opened.push(base)
    const client = adapterClient(base)
    opened.push(client)
    await client.ping()
    const unhandled: unknown[] = []
    const onUnhandled = (e: unknown) => unhandled.push(e)
    process.on('unhandledRejection', onUnhandled)
    try {
      await client.quit()
      // As the adapter calls them: nobody waits for these answers.
      void client.set('adapter-client-test:session', 'x', 'PX', 1000)
      void client.publish('adapter-client-test:channel', 'heartbeat')
      await new Promise((r) => setTimeout(r, 100))
      expect(unhandled).toEqual([])
      // Someone who does wait is told it failed.
      await expect(client.set('adapter-client-test:session', 'x', 'PX', 1000)).rejects.toThrow(
        /Connection is closed/,
      )
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
