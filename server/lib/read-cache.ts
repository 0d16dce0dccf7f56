import zlib from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'

/** A stored answer: the bytes sent (a Buffer, so a hit is not encoded again), or text. */
export type Body = string | Buffer

interface Entry {
  body: Body
  expires: number
}

export interface ReadCache {
  /** The cached JSON for `key`, or computes it once for all concurrent callers (single flight). */
  get(key: string, compute: () => Promise<Body>): Promise<Body>
  peek(key: string): Body | undefined
  set(key: string, body: Body, generation: number): void
  /** Bumped by every invalidation; read it before computing a value that `set` stores later. */
  readonly generation: number
  /** Drops everything here and, once peers are connected, on every other instance. */
  invalidate(): void
  /**
   * Drops everything here only (a peer's invalidation arriving). `'answers'`: the cached answers but not the caches
   * registered with `onDrop` — for a realtime event (a message, a notification, a read receipt), which changes what
   * people read but never a session or a person (ADR 032).
   */
  dropLocal(what?: 'all' | 'answers'): void
  /** `fn` runs on every drop of everything, local or from a peer: caches that live and die with this one (sessions). */
  onDrop(fn: () => void): void
  /** How an invalidation reaches the other instances (set once realtime is up; see ADR 025). */
  connectPeers(send: () => void): void
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

/**
 * A short-lived cache of read answers (ADR 017, ADR 025): the job browser's pages, search results and job details
 * that many visitors ask for at once, and — keyed by viewer — a signed-in person's own pages. Any change anywhere
 * drops it, on this instance at once and on the others through the realtime adapter's stream; entries also expire
 * after `ttlMs`. A value computed across an invalidation is not kept.
 */
export function createReadCache(opts: ReadCacheOptions): ReadCache {
  const now = opts.now ?? Date.now
  const max = opts.maxEntries ?? 10_000
  const maxChars = opts.maxChars ?? 64 * 1024 * 1024
  const entries = new Map<string, Entry>()
  const inflight = new Map<string, { gen: number; promise: Promise<Body> }>()
  const listeners: Array<() => void> = []
  let chars = 0
  let generation = 0
  let peers: (() => void) | undefined

  const remove = (key: string) => {
    const e = entries.get(key)
    if (!e) return
    chars -= e.body.length
    entries.delete(key)
  }

  const dropLocal = (what: 'all' | 'answers' = 'all') => {
    generation++
    entries.clear()
    inflight.clear()
    chars = 0
    if (what === 'all') for (const fn of listeners) fn()
  }

  const store = (key: string, body: Body) => {
    if (body.length > maxChars) return
    remove(key)
    while (entries.size > 0 && (entries.size >= max || chars + body.length > maxChars))
      remove(entries.keys().next().value as string)
    entries.set(key, { body, expires: now() + opts.ttlMs })
    chars += body.length
  }

  const cache: ReadCache = {
    get generation() {
      return generation
    },
    get enabled() {
      return opts.ttlMs > 0
    },
    peek(key) {
      const e = entries.get(key)
      if (!e) return undefined
      if (e.expires <= now()) {
        remove(key)
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
      dropLocal('all')
      if (opts.ttlMs > 0) peers?.()
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
      chars = 0
      peers = undefined
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
  const body = await cache.get(key, async () => Buffer.from(JSON.stringify(schema.parse(await compute()))))
  return sendJson(reply, body)
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
