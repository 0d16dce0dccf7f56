import { describe, expect, it } from 'vitest'
import { createReadCache } from './read-cache'

const deferred = <T>() => {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('read cache', () => {
  it('computes once for concurrent callers and serves the stored value until it expires', async () => {
    let t = 0
    const cache = createReadCache({ ttlMs: 1000, now: () => t })
    let calls = 0
    const gate = deferred<string>()
    const compute = () => {
      calls++
      return gate.promise
    }
    const a = cache.get('k', compute)
    const b = cache.get('k', compute)
    gate.resolve('v1')
    expect(await Promise.all([a, b])).toEqual(['v1', 'v1'])
    expect(await cache.get('k', async () => 'v2')).toBe('v1')
    expect(calls).toBe(1)
    t = 1000
    expect(await cache.get('k', async () => 'v2')).toBe('v2')
  })

  it('invalidate drops entries, and a value computed across an invalidation is not kept', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    await cache.get('k', async () => 'old')
    cache.invalidate()
    expect(cache.peek('k')).toBeUndefined()
    const gate = deferred<string>()
    const slow = cache.get('k', () => gate.promise)
    cache.invalidate() // a write lands while the slow read is running
    gate.resolve('stale')
    expect(await slow).toBe('stale') // its own caller still gets an answer …
    expect(cache.peek('k')).toBeUndefined() // … but nobody else will
    const gen = cache.generation
    cache.set('k', 'x', gen - 1)
    expect(cache.peek('k')).toBeUndefined()
    cache.set('k', 'x', gen)
    expect(cache.peek('k')).toBe('x')
  })

  it('a failed computation is not cached', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('k', async () => 'ok')).toBe('ok')
  })

  it('ttl 0 turns it off', async () => {
    const cache = createReadCache({ ttlMs: 0 })
    let n = 0
    await cache.get('k', async () => String(++n))
    expect(await cache.get('k', async () => String(++n))).toBe('2')
  })

  it('keeps at most maxEntries', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2 })
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => k)
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.peek('c')).toBe('c')
  })

  it('keeps at most maxChars characters, dropping the oldest first, and never one answer larger than that', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxChars: 10 })
    await cache.get('a', async () => 'aaaa')
    await cache.get('b', async () => 'bbbb')
    await cache.get('c', async () => 'cccc')
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.peek('b')).toBe('bbbb')
    expect(cache.peek('c')).toBe('cccc')
    expect(await cache.get('big', async () => 'x'.repeat(11))).toBe('x'.repeat(11))
    expect(cache.peek('big')).toBeUndefined()
    expect(cache.peek('c')).toBe('cccc')
  })

  it("an invalidation tells the peers and the listeners; a peer's drop is not sent back", async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    let sent = 0
    let dropped = 0
    cache.connectPeers(() => sent++)
    cache.onDrop(() => dropped++)
    await cache.get('k', async () => 'v')
    cache.invalidate()
    expect([sent, dropped, cache.peek('k')]).toEqual([1, 1, undefined])
    await cache.get('k', async () => 'v2')
    cache.dropLocal()
    expect([sent, dropped, cache.peek('k')]).toEqual([1, 2, undefined])
  })

  it("a realtime event's drop takes the answers but leaves the listeners' caches (ADR 032)", async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    let dropped = 0
    cache.onDrop(() => dropped++)
    await cache.get('k', async () => 'v')
    const gen = cache.generation
    cache.dropLocal('answers')
    expect([dropped, cache.peek('k'), cache.generation]).toEqual([0, undefined, gen + 1])
    // …and a value computed across it is not kept.
    cache.set('k', 'stale', gen)
    expect(cache.peek('k')).toBeUndefined()
  })
})
