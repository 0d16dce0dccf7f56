import crypto from 'node:crypto'
import type { FastifyReply } from 'fastify'
import type { Redis } from 'ioredis'
import type { z } from 'zod'

interface Entry {
  body: string
  expires: number
}

export interface ReadCache {
  /** The cached JSON for `key`, or computes it once for all concurrent callers (single flight). */
  get(key: string, compute: () => Promise<string>): Promise<string>
  peek(key: string): string | undefined
  set(key: string, body: string, generation: number): void
  /** Bumped by every invalidation; read it before computing a value that `set` stores later. */
  readonly generation: number
  /** Drops everything here and, with Redis, on every other instance. */
  invalidate(): void
  close(): Promise<void>
}

export interface ReadCacheOptions {
  ttlMs: number
  maxEntries?: number
  /** Shared invalidation across instances; a duplicate connection subscribes. */
  redis?: Redis
  channel?: string
  now?: () => number
}

/**
 * A short-lived cache of public (signed-out) read answers: the job browser's pages, search results and job details
 * that many visitors ask for at once (ADR 017). Any successful write anywhere drops it, on this instance at once and on
 * the others through Redis; entries also expire after `ttlMs`. A value computed across an invalidation is not kept.
 */
export function createReadCache(opts: ReadCacheOptions): ReadCache {
  const now = opts.now ?? Date.now
  const max = opts.maxEntries ?? 2000
  const entries = new Map<string, Entry>()
  const inflight = new Map<string, { gen: number; promise: Promise<string> }>()
  const id = crypto.randomUUID()
  const channel = opts.channel ?? 'microlance:read-cache'
  let generation = 0
  let sub: Redis | undefined

  const dropLocal = () => {
    generation++
    entries.clear()
    inflight.clear()
  }

  if (opts.redis && opts.ttlMs > 0) {
    sub = opts.redis.duplicate()
    sub.on('error', () => {}) // reconnects by itself; entries still expire meanwhile
    void sub.subscribe(channel).catch(() => {})
    sub.on('message', (_ch, from) => {
      if (from !== id) dropLocal()
    })
  }

  const store = (key: string, body: string) => {
    if (entries.size >= max) entries.delete(entries.keys().next().value as string)
    entries.set(key, { body, expires: now() + opts.ttlMs })
  }

  const cache: ReadCache = {
    get generation() {
      return generation
    },
    peek(key) {
      const e = entries.get(key)
      if (!e) return undefined
      if (e.expires <= now()) {
        entries.delete(key)
        return undefined
      }
      return e.body
    },
    set(key, body, gen) {
      if (opts.ttlMs > 0 && gen === generation) store(key, body)
    },
    async get(key, compute) {
      if (opts.ttlMs <= 0) return compute()
      const hit = cache.peek(key)
      if (hit !== undefined) return hit
      const running = inflight.get(key)
      if (running && running.gen === generation) return running.promise
      const gen = generation
      const promise = compute().then(
        (body) => {
          if (inflight.get(key)?.promise === promise) inflight.delete(key)
          cache.set(key, body, gen)
          return body
        },
        (e) => {
          if (inflight.get(key)?.promise === promise) inflight.delete(key)
          throw e
        },
      )
      inflight.set(key, { gen, promise })
      return promise
    },
    invalidate() {
      dropLocal()
      if (opts.redis && opts.ttlMs > 0) void opts.redis.publish(channel, id).catch(() => {})
    },
    async close() {
      entries.clear()
      if (sub) await sub.quit().catch(() => {})
    },
  }
  return cache
}

/**
 * Answers with `schema`-checked JSON from the cache (computing it on a miss). The check runs once per computed value,
 * as the route's response serializer would; hits send the stored bytes.
 */
export async function sendCached<S extends z.ZodType>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
): Promise<FastifyReply> {
  const body = await cache.get(key, async () => JSON.stringify(schema.parse(await compute())))
  return sendJson(reply, body)
}

/** Sends JSON text as it is (no second serialization). */
export const sendJson = (reply: FastifyReply, body: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(body)
