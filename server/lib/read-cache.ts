import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/** A stored answer: the bytes sent (a Buffer, so a hit is not encoded again), or text. */
export type Body = string | Buffer

/**
 * What a write or an event drops (ADR 052): the tags of the answers it can change. Every stored answer carries tags
 * (`cache-tags.ts` names them); a drop takes the answers that carry any of its tags. Two tags are special: `*` drops
 * every answer, `sessions` also runs the `onDrop` listeners (remembered sessions).
 */
export type Drop = readonly string[]
export const ALL_ANSWERS = '*'
export const SESSIONS = 'sessions'
export const DROP_ALL: Drop = [ALL_ANSWERS, SESSIONS]

/**
 * The tags of an answer: `tags` known before it is computed, `of` read from the computed answer (the posts a feed
 * page holds). `kinds` are the prefixes `of` can return: a drop of such a tag while the answer is being computed
 * keeps it from being stored or shared.
 */
export interface Scope<A = unknown> {
  tags: readonly string[]
  of?: (answer: A) => readonly string[]
  kinds?: readonly string[]
}

/** A computed answer and the tags read from it. */
export interface Computed {
  body: Body
  tags?: readonly string[]
}

interface Entry {
  body: Body
  expires: number
  tags: readonly string[]
}

interface Flight {
  promise: Promise<Body>
  tags: readonly string[]
  kinds: readonly string[]
  /** Set when a drop that can concern it lands while it runs: its answer is neither stored nor shared. */
  stale: boolean
}

export interface ReadCache {
  /**
   * The cached answer for `key`, or computes it once for all concurrent callers (single flight); `fresh` skips the
   * stored and running answers (the caller's own change must be in it) but still shares and stores what it computes.
   */
  get(
    key: string,
    compute: () => Promise<Body | Computed>,
    scope?: Pick<Scope, 'tags' | 'kinds'>,
    fresh?: boolean,
  ): Promise<Body>
  peek(key: string): Body | undefined
  /** Drops what `drop` names here and, once peers are connected, on every other instance. */
  invalidate(drop?: Drop): void
  /** Drops what `drop` names here only (a peer's drop arriving, a realtime event). */
  dropLocal(drop?: Drop): void
  /** `fn` runs on every drop that names `sessions`, local or from a peer: caches that live and die with this one. */
  onDrop(fn: () => void): void
  /** How a drop reaches the other instances (set once realtime is up; see ADR 025, 052). */
  connectPeers(send: (drop: Drop) => void): void
  /** Answers served from the cache and computed, since the start (for the benchmark's hit rate). */
  readonly stats: { hits: number; misses: number }
  readonly enabled: boolean
  close(): Promise<void>
}

export interface ReadCacheOptions {
  ttlMs: number
  maxEntries?: number
  /** Upper bound on the characters held, so a few large personal answers cannot fill memory. */
  maxChars?: number
  now?: () => number
}

const NONE: readonly string[] = []

/**
 * A short-lived cache of read answers (ADR 017, ADR 025, ADR 052): the job browser's pages, search results, job
 * details and the feed that many visitors ask for at once, and — keyed by viewer — a signed-in person's own pages.
 * Each answer carries tags; a change drops only the answers whose tags it names, on this instance at once and on the
 * others through the realtime adapter; entries also expire after `ttlMs`. A value computed across a drop that can
 * concern it is not kept, nor handed to callers who asked after the drop.
 */
export function createReadCache(opts: ReadCacheOptions): ReadCache {
  const now = opts.now ?? Date.now
  const max = opts.maxEntries ?? 10_000
  const maxChars = opts.maxChars ?? 64 * 1024 * 1024
  const entries = new Map<string, Entry>()
  /** Which keys carry each tag (the answers a drop of it takes). */
  const byTag = new Map<string, Set<string>>()
  const inflight = new Map<string, Flight>()
  const listeners: Array<() => void> = []
  const stats = { hits: 0, misses: 0 }
  let chars = 0
  let peers: ((drop: Drop) => void) | undefined

  const remove = (key: string) => {
    const e = entries.get(key)
    if (!e) return
    chars -= e.body.length
    entries.delete(key)
    for (const t of e.tags) {
      const keys = byTag.get(t)
      keys?.delete(key)
      if (keys?.size === 0) byTag.delete(t)
    }
  }

  const concerns = (f: Flight, drop: Drop) =>
    drop.some((t) => f.tags.includes(t) || f.kinds.some((k) => t.startsWith(k)))

  const dropLocal = (drop: Drop = DROP_ALL) => {
    if (drop.includes(ALL_ANSWERS)) {
      entries.clear()
      byTag.clear()
      chars = 0
      for (const f of inflight.values()) f.stale = true
      inflight.clear()
    } else {
      for (const t of drop) {
        const keys = byTag.get(t)
        if (keys) for (const k of [...keys]) remove(k)
      }
      for (const [k, f] of inflight)
        if (concerns(f, drop)) {
          f.stale = true
          inflight.delete(k)
        }
    }
    if (drop.includes(SESSIONS)) for (const fn of listeners) fn()
  }

  const store = (key: string, body: Body, tags: readonly string[]) => {
    if (body.length > maxChars) return
    remove(key)
    while (entries.size > 0 && (entries.size >= max || chars + body.length > maxChars))
      remove(entries.keys().next().value as string)
    entries.set(key, { body, expires: now() + opts.ttlMs, tags })
    chars += body.length
    for (const t of tags) {
      let keys = byTag.get(t)
      if (!keys) byTag.set(t, (keys = new Set()))
      keys.add(key)
    }
  }

  const cache: ReadCache = {
    get enabled() {
      return opts.ttlMs > 0
    },
    stats,
    peek(key) {
      const e = entries.get(key)
      if (!e) return undefined
      if (e.expires <= now()) {
        remove(key)
        return undefined
      }
      return e.body
    },
    async get(key, compute, scope, fresh = false) {
      const bodyOf = (c: Body | Computed): Body => (typeof c === 'string' || Buffer.isBuffer(c) ? c : c.body)
      if (opts.ttlMs <= 0) {
        stats.misses++
        return bodyOf(await compute())
      }
      if (!fresh) {
        const hit = cache.peek(key)
        if (hit !== undefined) {
          stats.hits++
          return hit
        }
        const running = inflight.get(key)
        if (running) {
          stats.hits++
          return running.promise
        }
      }
      stats.misses++
      // A fresh computation outdates the one running: that one's answer is no longer stored.
      const older = inflight.get(key)
      if (older) older.stale = true
      const tags = scope?.tags ?? NONE
      const flight: Flight = {
        promise: undefined as unknown as Promise<Body>,
        tags,
        kinds: scope?.kinds ?? NONE,
        stale: false,
      }
      flight.promise = compute().then(
        (c) => {
          if (inflight.get(key) === flight) inflight.delete(key)
          const body = bodyOf(c)
          if (!flight.stale) {
            const more = typeof c === 'string' || Buffer.isBuffer(c) ? undefined : c.tags
            store(key, body, more?.length ? [...tags, ...more] : tags)
          }
          return body
        },
        (e) => {
          if (inflight.get(key) === flight) inflight.delete(key)
          throw e
        },
      )
      inflight.set(key, flight)
      return flight.promise
    },
    invalidate(drop = DROP_ALL) {
      if (drop.length === 0) return
      dropLocal(drop)
      if (opts.ttlMs > 0) peers?.(drop)
    },
    dropLocal,
    onDrop(fn) {
      listeners.push(fn)
    },
    connectPeers(send) {
      peers = send
    },
    async close() {
      entries.clear()
      byTag.clear()
      inflight.clear()
      chars = 0
      peers = undefined
    },
  }
  return cache
}

/**
 * Answers from the cache, computing on a miss (`compute` gives the bytes, and the tags read from the answer), stored
 * under `scope`'s tags; `fresh`: see `ReadCache.get`. The `x-read-cache` header says `hit` (stored, or shared with a
 * running computation) or `miss` (`npm run bench` reads the hit rate from it). The `sendCached…` forms build on it.
 */
export async function sendComputed(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  compute: () => Promise<Body | Computed>,
  scope: Scope,
  fresh = false,
): Promise<FastifyReply> {
  let computed = false
  const body = await cache.get(
    key,
    () => {
      computed = true
      return compute()
    },
    scope,
    fresh,
  )
  reply.header('x-read-cache', computed ? 'miss' : 'hit')
  return sendJson(reply, body)
}

/**
 * Answers with `schema`-checked JSON from the cache (computing it on a miss), stored under `scope`'s tags. The check
 * runs once per computed value, as the route's response serializer would; hits send the stored bytes.
 */
export function sendCached<S extends z.ZodType>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  schema: S,
  compute: () => Promise<z.input<S>>,
  scope: Scope<z.output<S>>,
  fresh = false,
): Promise<FastifyReply> {
  return sendComputed(
    reply,
    cache,
    key,
    async () => {
      const answer = schema.parse(await compute())
      return { body: Buffer.from(JSON.stringify(answer)), tags: scope.of?.(answer) }
    },
    scope as Scope,
    fresh,
  )
}

/**
 * Answers with JSON text the caller has already written (the database wrote it, say) from the cache, computing it on a
 * miss: `sendCached` without the schema check and serialization, for an answer whose producer writes the schema's
 * shape itself (ADR 080).
 */
export function sendCachedText(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  compute: () => Promise<string>,
  scope: Pick<Scope, 'tags' | 'kinds'>,
): Promise<FastifyReply> {
  return sendComputed(reply, cache, key, async () => Buffer.from(await compute()), scope)
}

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024
// A cached answer's gzip copy lives as long as the answer's bytes do (made once, on the first hit that wants it).
const gzipped = new WeakMap<Buffer, Buffer>()
const acceptsGzip = (header: string | string[] | undefined) =>
  typeof header === 'string' && /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:,|$))/.test(header)

/**
 * Sends JSON bytes or text as they are (no second serialization) — gzipped for a browser that accepts it when the
 * answer is large enough to be worth it (a job list page shrinks from ~22 KB to ~4 KB on a phone's link).
 */
export const sendJson = (reply: FastifyReply, body: Body): FastifyReply => {
  reply.type('application/json; charset=utf-8')
  if (body.length < COMPRESS_FROM) return reply.send(body)
  reply.header('vary', 'accept-encoding')
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return reply.send(body)
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  let small = gzipped.get(bytes)
  if (!small) {
    small = zlib.gzipSync(bytes, { level: 6 })
    gzipped.set(bytes, small)
  }
  return reply.header('content-encoding', 'gzip').send(small)
}

/**
 * The cache key of a read answer for whoever asks: signed-out visitors share one entry per URL, each signed-in person
 * has their own (their drafts, applications, likes and unread counts are in it).
 */
export const answerKey = (req: FastifyRequest, name: string, id: string = req.url): string =>
  `${req.user ? `u:${req.user.id}` : 'a'}:${name}:${id}`
