import type { Redis } from 'ioredis'
import type { LimitRule } from './limits'

/** Adds ARGV[1] to a fixed-window count, starting the window (ARGV[2] ms) when the count is new; {count, ttl ms}. */
const ADD = `
local n = tonumber(ARGV[1])
local c = redis.call('INCRBY', KEYS[1], n)
local ttl = redis.call('PTTL', KEYS[1])
if c == n or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {c, ttl}`

type AddingRedis = Redis & {
  limitAdd(key: string, n: number, windowMs: number): Promise<[number, number]>
}

interface View {
  /** The shared count as last read, plus what this instance counted since. */
  count: number
  /** Counted here and not yet added to the shared count. */
  pending: number
  resetAt: number
  seenAt: number
}

export type Count = { ok: true } | { ok: false; retryAfter: number }

/**
 * One limit's shared counts (the keys `@fastify/rate-limit`'s Redis store uses, so HTTP routes count into the same
 * buckets), for a caller that counts often: the chat socket (ADR 023). The first count of a key in a while is a round
 * trip, exact; after it this instance decides from its view of the count and adds what it counted to Redis in one
 * write every `flushMs`, reading back the shared count (what other instances and HTTP added) at the same time. A
 * caller counting on two instances at once can get through what one instance admits in one flush interval beyond the
 * limit.
 */
export class SharedCounts {
  private readonly views = new Map<string, View>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  private sweptAt = Date.now()
  private readonly redis: AddingRedis

  constructor(
    redis: Redis,
    private readonly rule: LimitRule,
    private readonly opts: { flushMs: number; trustMs: number },
  ) {
    if (!('limitAdd' in redis)) redis.defineCommand('limitAdd', { numberOfKeys: 1, lua: ADD })
    this.redis = redis as AddingRedis
  }

  async count(key: string): Promise<Count> {
    const now = Date.now()
    if (now - this.sweptAt > this.rule.windowMs) this.sweep(now)
    let v = this.views.get(key)
    if (!v || now >= v.resetAt || now - v.seenAt > this.opts.trustMs) {
      // What this view counted and has not written yet goes with it (unless its window is over).
      const carried = v && now < v.resetAt ? v.pending : 0
      if (v) v.pending = 0
      const [count, ttl] = await this.redis.limitAdd(key, 1 + carried, this.rule.windowMs)
      const at = Date.now()
      v = { count, pending: 0, resetAt: at + ttl, seenAt: at }
      this.views.set(key, v)
      return this.verdict(v, at)
    }
    v.count += 1
    v.pending += 1
    this.schedule()
    return this.verdict(v, now)
  }

  /** Adds every pending count to Redis now (also what a test awaits before looking at the shared count). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.flushing = this.flushing.then(() => this.write()).catch(() => {})
    return this.flushing
  }

  /** How many keys this instance has a view of. */
  get viewed() {
    return this.views.size
  }

  close() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /** Forgets the views of windows that have ended with nothing left to write (people who stopped sending). */
  private sweep(now: number) {
    this.sweptAt = now
    for (const [key, v] of this.views) if (!v.pending && now >= v.resetAt) this.views.delete(key)
  }

  private schedule() {
    this.timer ??= setTimeout(() => void this.flush(), this.opts.flushMs).unref()
  }

  private verdict(v: View, now: number): Count {
    if (v.count <= this.rule.max) return { ok: true }
    return { ok: false, retryAfter: Math.max(1, Math.ceil((v.resetAt - now) / 1000)) }
  }

  private async write() {
    const now = Date.now()
    const batch: [string, View, number][] = []
    for (const [key, v] of this.views) {
      if (v.pending) {
        batch.push([key, v, v.pending])
        v.pending = 0
      } else if (now >= v.resetAt) this.views.delete(key)
    }
    // One write for all of them: the connection pipelines what is sent in one turn of the event loop.
    const results = await Promise.allSettled(
      batch.map(([key, , n]) => this.redis.limitAdd(key, n, this.rule.windowMs)),
    )
    const at = Date.now()
    results.forEach((r, i) => {
      const [, v, n] = batch[i]
      if (r.status === 'rejected') {
        v.pending += n // counted again next time
        this.schedule()
        return
      }
      const [count, ttl] = r.value
      v.count = count + v.pending
      v.resetAt = at + ttl
      v.seenAt = at
    })
  }
}
