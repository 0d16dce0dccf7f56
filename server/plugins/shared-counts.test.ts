import crypto from 'node:crypto'
import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SharedCounts } from './shared-counts'

/** The one command SharedCounts sends, over a Map: `calls` has each key's count, `commands` each call's keys. */
function fakeRedis() {
  const store = new Map<string, { n: number; until: number }>()
  const calls: [string, number][] = []
  const commands: string[][] = []
  const redis = {
    defineCommand: () => {},
    limitAdd: async (numberOfKeys: number, ...args: (string | number)[]): Promise<number[]> => {
      const keys = args.slice(0, numberOfKeys) as string[]
      const windowMs = Number(args[numberOfKeys])
      const counts = args.slice(numberOfKeys + 1).map(Number)
      commands.push(keys)
      const now = Date.now()
      return keys.flatMap((key, i) => {
        calls.push([key, counts[i]])
        let e = store.get(key)
        if (!e || now >= e.until) store.set(key, (e = { n: 0, until: now + windowMs }))
        e.n += counts[i]
        return [e.n, e.until - now]
      })
    },
  }
  return { redis: redis as unknown as Redis, store, calls, commands }
}

afterEach(() => vi.useRealTimers())

describe('SharedCounts', () => {
  it('asks the store first, then counts locally and adds the batch in one flush, reading back others’ counts', async () => {
    const { redis, store, calls } = fakeRedis()
    const counts = new SharedCounts(redis, { max: 3, windowMs: 60_000 }, { flushMs: 60_000, trustMs: 10_000 })
    expect(await counts.count('k')).toEqual({ ok: true })
    expect(calls).toEqual([['k', 1]])
    expect(await counts.count('k')).toEqual({ ok: true })
    expect(calls).toHaveLength(1) // decided from the view
    store.get('k')!.n += 1 // another instance (or HTTP) counted one meanwhile
    await counts.flush()
    expect(calls).toEqual([
      ['k', 1],
      ['k', 1],
    ])
    expect(store.get('k')!.n).toBe(3)
    const refused = await counts.count('k')
    expect(refused.ok).toBe(false)
    expect(refused.ok === false && refused.retryAfter).toBeGreaterThanOrEqual(59)
    counts.close()
  })

  it('asks the store again once its view is old or the window is over, and forgets ended windows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { redis, calls } = fakeRedis()
    const counts = new SharedCounts(redis, { max: 1, windowMs: 60_000 }, { flushMs: 60_000, trustMs: 10_000 })
    await counts.count('a')
    expect((await counts.count('a')).ok).toBe(false)
    vi.setSystemTime(Date.now() + 11_000)
    expect((await counts.count('a')).ok).toBe(false) // asked again: still 3 > 1 in this window
    expect(calls.map(([, n]) => n)).toEqual([1, 2]) // with the one counted locally before
    await counts.flush()
    vi.setSystemTime(Date.now() + 61_000)
    expect(await counts.count('b')).toEqual({ ok: true })
    expect(counts.viewed).toBe(1) // 'a' ended with nothing pending
    expect(await counts.count('a')).toEqual({ ok: true }) // a new window
    counts.close()
  })

  it('a flush adds every person’s pending count in one call, and a failed call counts them again next time', async () => {
    const { redis, store, calls, commands } = fakeRedis()
    const counts = new SharedCounts(
      redis,
      { max: 10, windowMs: 60_000 },
      { flushMs: 60_000, trustMs: 10_000 },
    )
    for (const key of ['a', 'b', 'c']) await counts.count(key) // each asked once, exactly
    for (const key of ['a', 'b', 'b', 'c', 'c', 'c']) await counts.count(key)
    expect(commands).toHaveLength(3)
    await counts.flush()
    expect(commands).toHaveLength(4)
    expect(commands[3].sort()).toEqual(['a', 'b', 'c'])
    expect([store.get('a')!.n, store.get('b')!.n, store.get('c')!.n]).toEqual([2, 3, 4])

    const limitAdd = (redis as unknown as { limitAdd: (...a: unknown[]) => Promise<number[]> }).limitAdd
    ;(redis as unknown as { limitAdd: unknown }).limitAdd = async () => {
      throw new Error('connection lost')
    }
    await counts.count('a')
    await counts.flush() // fails: 'a' keeps its one
    ;(redis as unknown as { limitAdd: unknown }).limitAdd = limitAdd
    await counts.flush()
    expect(store.get('a')!.n).toBe(3)
    expect(calls.at(-1)).toEqual(['a', 1])
    counts.close()
  })

  it('a flush carries only the keys counted since the last one, however many are viewed', async () => {
    const { redis, store, commands } = fakeRedis()
    const counts = new SharedCounts(
      redis,
      { max: 10, windowMs: 60_000 },
      { flushMs: 60_000, trustMs: 10_000 },
    )
    const keys = Array.from({ length: 50 }, (_, i) => `k${i}`)
    for (const key of keys) await counts.count(key) // 50 views, each asked once
    for (const key of keys) await counts.count(key)
    await counts.flush()
    expect(commands.at(-1)).toHaveLength(50)
    await counts.count('k7')
    await counts.count('k7')
    await counts.count('k42')
    await counts.flush()
    expect(commands.at(-1)).toEqual(['k7', 'k42'])
    expect([store.get('k7')!.n, store.get('k42')!.n, store.get('k0')!.n]).toEqual([4, 3, 2])
    const before = commands.length
    await counts.flush() // nothing pending: no call
    expect(commands).toHaveLength(before)
    expect(counts.viewed).toBe(50)
    counts.close()
  })
})

describe.skipIf(!process.env.REDIS_URL)('SharedCounts on Redis (set REDIS_URL to run)', () => {
  it('one call adds to many keys, starting new windows and keeping the expiry of running ones', async () => {
    const { Redis } = await import('ioredis')
    const redis = new Redis(process.env.REDIS_URL!)
    const p = `test-shared-counts-${crypto.randomUUID()}:`
    try {
      await redis.set(`${p}running`, 5, 'PX', 30_000) // a window another instance started
      const counts = new SharedCounts(
        redis,
        { max: 100, windowMs: 60_000 },
        { flushMs: 60_000, trustMs: 10_000 },
      )
      for (const key of ['new', 'running', 'other']) await counts.count(p + key)
      for (const key of ['new', 'new', 'running', 'other']) await counts.count(p + key)
      const sent = vi.spyOn(redis as unknown as { limitAdd: () => unknown }, 'limitAdd')
      await counts.flush()
      expect(sent).toHaveBeenCalledTimes(1)
      expect(await redis.mget(`${p}new`, `${p}running`, `${p}other`)).toEqual(['3', '7', '2'])
      const ttl = (key: string) => redis.pttl(p + key)
      expect(await ttl('new')).toBeGreaterThan(50_000)
      expect(await ttl('new')).toBeLessThanOrEqual(60_000)
      expect(await ttl('running')).toBeLessThanOrEqual(30_000)
      counts.close()
    } finally {
      const keys = await redis.keys(`${p}*`)
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
    }
  })
})
