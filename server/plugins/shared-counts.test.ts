import type { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SharedCounts } from './shared-counts'

/** The one command SharedCounts sends, over a Map, with the calls it receives. */
function fakeRedis() {
  const store = new Map<string, { n: number; until: number }>()
  const calls: [string, number][] = []
  const redis = {
    defineCommand: () => {},
    limitAdd: async (key: string, n: number, windowMs: number): Promise<[number, number]> => {
      calls.push([key, n])
      const now = Date.now()
      let e = store.get(key)
      if (!e || now >= e.until) store.set(key, (e = { n: 0, until: now + windowMs }))
      e.n += n
      return [e.n, e.until - now]
    },
  }
  return { redis: redis as unknown as Redis, store, calls }
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
})
