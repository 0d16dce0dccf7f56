import type { Redis } from 'ioredis'
import type { LimitRule } from './limits'

/**
 * Adds ARGV[i + 1] to the fixed-window count at KEYS[i], starting the window (ARGV[1] ms) when the count is new, for
 * every key given: {count 1, ttl ms 1, count 2, ttl ms 2, …}. One call for a whole flush, not one per key.
 */
const ADD = `
local window = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local n = tonumber(ARGV[i + 1])
  local c = redis.call('INCRBY', key, n)
  local ttl = redis.call('PTTL', key)
  if c == n or ttl < 0 then
    redis.call('PEXPIRE', key, window)
    ttl = window
  end
  out[2 * i - 1] = c
  out[2 * i] = ttl
end
return out`

/** The most keys one flush call carries (a Lua script runs alone in Redis: keep each short). */
const KEYS_PER_CALL = 500

type AddingRedis = Redis & {
  /** `limitAdd(keys.length, ...keys, windowMs, ...counts)`: ADD, answering [count, ttl ms] per key, flattened. */
  limitAdd(numberOfKeys: number, ...args: (string | number)[]): Promise<number[]>
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
  /** Keys with something pending: a flush looks at these, not at every view (one per person who sent lately). */
  private readonly dirty = new Set<string>()
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  private sweptAt = Date.now()
  private readonly redis: AddingRedis

  constructor(
    redis: Redis,
    private readonly rule: LimitRule,
    private readonly opts: { flushMs: number; trustMs: number },
  ) {
    if (!('limitAdd' in redis)) redis.defineCommand('limitAdd', { lua: ADD })
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
      this.dirty.delete(key)
      const [count, ttl] = await this.redis.limitAdd(1, key, this.rule.windowMs, 1 + carried)
      const at = Date.now()
      v = { count, pending: 0, resetAt: at + ttl, seenAt: at }
      this.views.set(key, v)
      return this.verdict(v, at)
    }
    v.count += 1
    v.pending += 1
    this.dirty.add(key)
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
    const batch: [string, View, number][] = []
    for (const key of this.dirty) {
      const v = this.views.get(key)
      if (!v?.pending) continue
      batch.push([key, v, v.pending])
      v.pending = 0
    }
    this.dirty.clear()
    // One call for all of them (a few if there are very many), not one per key.
    for (let i = 0; i < batch.length; i += KEYS_PER_CALL) {
      const part = batch.slice(i, i + KEYS_PER_CALL)
      let answer: number[]
      try {
        answer = await this.redis.limitAdd(
          part.length,
          ...part.map(([key]) => key),
          this.rule.windowMs,
          ...part.map(([, , n]) => n),
        )
      } catch {
        for (const [key, v, n] of part) {
          v.pending += n // counted again next time
          this.dirty.add(key)
        }
        this.schedule()
        continue
      }
      const at = Date.now()
      part.forEach(([, v], j) => {
        v.count = answer[2 * j] + v.pending
        v.resetAt = at + answer[2 * j + 1]
        v.seenAt = at
      })
    }
  }
}
