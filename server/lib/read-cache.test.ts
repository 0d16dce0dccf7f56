import { describe, expect, it } from 'vitest'
import { ALL_ANSWERS, createReadCache, DROP_ALL, type Drop } from './read-cache'

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
    // A caller after the write does not share the read that began before it.
    expect(await cache.get('k', async () => 'new')).toBe('new')
    gate.resolve('stale')
    expect(await slow).toBe('stale') // its own caller still gets an answer …
    expect(cache.peek('k')).toBe('new') // … but nobody else will
  })

  it('a drop takes only the answers carrying one of its tags', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    await cache.get('list', async () => 'jobs', { tags: ['jobs'] })
    await cache.get('job1', async () => 'job 1', { tags: ['job:1', 'job-details'] })
    await cache.get('job2', async () => 'job 2', { tags: ['job:2', 'job-details'] })
    await cache.get('chat', async () => 'messages', { tags: ['chat:u1'] })
    await cache.get('feed', async () => ({ body: 'feed', tags: ['post:p1', 'post:p2'] }), {
      tags: ['posts'],
      kinds: ['post:'],
    })
    const held = () => ['list', 'job1', 'job2', 'chat', 'feed'].filter((k) => cache.peek(k) !== undefined)
    cache.invalidate(['chat:u2'])
    expect(held()).toEqual(['list', 'job1', 'job2', 'chat', 'feed'])
    cache.invalidate(['chat:u1'])
    expect(held()).toEqual(['list', 'job1', 'job2', 'feed'])
    cache.invalidate(['post:p2']) // a tag read from the answer itself
    expect(held()).toEqual(['list', 'job1', 'job2'])
    cache.invalidate(['jobs', 'job:2'])
    expect(held()).toEqual(['job1'])
    cache.invalidate(['job-details'])
    expect(held()).toEqual([])
  })

  it('a scoped drop during a computation keeps only the answers it cannot concern', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    const jobs = deferred<string>()
    const feed = deferred<{ body: string; tags: string[] }>()
    const scopeOfFeed = { tags: ['posts'], kinds: ['post:'] }
    const slowJobs = cache.get('list', () => jobs.promise, { tags: ['jobs'] })
    const slowFeed = cache.get('feed', () => feed.promise, scopeOfFeed)
    cache.invalidate(['chat:u1']) // concerns neither: both are still shared
    let calls = 0
    const counted = async () => {
      calls++
      return 'again'
    }
    const joined = cache.get('list', counted, { tags: ['jobs'] })
    // A like on a post the page may hold: the feed computed before it is neither shared nor kept.
    cache.invalidate(['post:p1'])
    expect(await cache.get('feed', async () => ({ body: 'liked', tags: ['post:p1'] }), scopeOfFeed)).toBe(
      'liked',
    )
    jobs.resolve('jobs')
    feed.resolve({ body: 'unliked', tags: ['post:p1'] })
    expect([await slowJobs, await joined, await slowFeed, calls]).toEqual(['jobs', 'jobs', 'unliked', 0])
    expect([cache.peek('list'), cache.peek('feed')]).toEqual(['jobs', 'liked'])
  })

  it('a fresh computation skips the stored answer, is shared, and outdates the one running', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    const first = deferred<string>()
    const running = cache.get('k', () => first.promise)
    const fresh = deferred<string>()
    const mine = cache.get('k', () => fresh.promise, undefined, true)
    const next = cache.get('k', async () => 'not asked')
    fresh.resolve('with my view')
    first.resolve('without it')
    expect([await running, await mine, await next]).toEqual(['without it', 'with my view', 'with my view'])
    expect(cache.peek('k')).toBe('with my view')
    expect(await cache.get('k', async () => 'again', undefined, true)).toBe('again')
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

  it("an invalidation tells the peers what it dropped, and the listeners when it names sessions; a peer's drop is not sent back", async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    const sent: Drop[] = []
    let dropped = 0
    cache.connectPeers((drop) => sent.push(drop))
    cache.onDrop(() => dropped++)
    await cache.get('k', async () => 'v', { tags: ['jobs'] })
    cache.invalidate(['jobs'])
    expect([sent, dropped, cache.peek('k')]).toEqual([[['jobs']], 0, undefined])
    cache.invalidate([]) // a write that changes nothing cached tells nobody
    expect(sent).toHaveLength(1)
    cache.invalidate()
    expect([sent.at(-1), dropped]).toEqual([DROP_ALL, 1])
    await cache.get('k', async () => 'v2')
    cache.dropLocal()
    expect([sent.length, dropped, cache.peek('k')]).toEqual([2, 2, undefined])
  })

  it("a realtime event's drop takes the answers but leaves the listeners' caches (ADR 032)", async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    let dropped = 0
    cache.onDrop(() => dropped++)
    await cache.get('k', async () => 'v')
    const gate = deferred<string>()
    const slow = cache.get('j', () => gate.promise)
    cache.dropLocal([ALL_ANSWERS])
    expect([dropped, cache.peek('k')]).toEqual([0, undefined])
    // …and a value computed across it is not kept.
    gate.resolve('stale')
    await slow
    expect(cache.peek('j')).toBeUndefined()
  })

  it('counts hits and misses', async () => {
    const cache = createReadCache({ ttlMs: 60_000 })
    await cache.get('k', async () => 'v')
    await cache.get('k', async () => 'v')
    await cache.get('k', async () => 'v')
    expect(cache.stats).toEqual({ hits: 2, misses: 1 })
  })
})
