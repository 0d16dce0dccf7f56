import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { tooMany } from '../errors'
import { SharedCounts } from './shared-counts'

/** The abuse limits (ADR 020). Each counts in a fixed window, per user when signed in and per IP otherwise. */
export type LimitName = 'otp' | 'chatSend' | 'postCreate' | 'comment' | 'apply' | 'upload'

export interface LimitRule {
  max: number
  windowMs: number
}
export type LimitRules = Record<LimitName, LimitRule>

/** Who is asking: the signed-in user, or else the client's address. */
export interface Caller {
  userId?: string | null
  ip: string
}

export type Verdict = { ok: true } | { ok: false; retryAfter: number; message: string }

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A route hook that answers 429 (with Retry-After) once the caller is over `name`'s limit. `bucket` splits the
     * limit into separate counts of the same size (the code routes each count on their own).
     */
    limit: (name: LimitName, bucket?: string) => onRequestAsyncHookHandler
    /**
     * Counts one `name` action for `who`; for callers that are not HTTP routes (the chat socket). With Redis, into the
     * same shared buckets through this instance's batched view of them (`SharedCounts`, ADR 023).
     */
    checkLimit: (name: LimitName, who: Caller) => Promise<Verdict>
    /** Writes the counts `checkLimit` has batched to the shared store now. */
    flushLimits: () => Promise<void>
  }
}

const WHAT: Record<LimitName, string> = {
  otp: 'Too many code requests.',
  chatSend: 'You are sending messages too fast.',
  postCreate: 'You are posting too often.',
  comment: 'You are commenting too often.',
  apply: 'You are applying to jobs too fast.',
  upload: 'You are uploading too often.',
}

export const limitMessage = (name: LimitName, retryAfter: number) =>
  `${WHAT[name]} Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`

/**
 * What `@fastify/rate-limit`'s Redis store puts between the namespace and our key for a `createRateLimit` counter (a
 * child store named after a route it does not have). The socket's batched counts must use the very same keys; the
 * limits tests on Redis fail if they part.
 */
const STORE_CHILD = 'undefinedundefined-'

/** The counter key: one bucket per limit (and bucket) and per user (signed in) or per IP (signed out). */
export const limitKey = (name: LimitName, who: Caller, bucket?: string) =>
  `${name}${bucket ? `/${bucket}` : ''}:${who.userId ? `u:${who.userId}` : `ip:${who.ip}`}`

/**
 * Limits on @fastify/rate-limit's shared store (`createRateLimit`): the Redis store when REDIS_URL is set, so every
 * instance counts into the same buckets, or its in-memory store on a single process. The chat limit is one bucket for
 * HTTP and the socket alike.
 */
export const limitsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: LimitRules & { shared?: { redis: Redis; namespace: string; flushMs?: number } },
  ) => {
    const { shared, ...rules } = opts
    const counters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>()
    const counter = (name: LimitName, bucket = '') => {
      const id = `${name}/${bucket}`
      let c = counters.get(id)
      if (!c) {
        c = app.createRateLimit({
          max: rules[name].max,
          timeWindow: rules[name].windowMs,
          keyGenerator: (req: FastifyRequest) => limitKey(name, { userId: req.user?.id, ip: req.ip }, bucket),
        })
        counters.set(id, c)
      }
      return c
    }

    const check = async (name: LimitName, req: FastifyRequest, bucket?: string): Promise<Verdict> => {
      const r = await counter(name, bucket)(req)
      if (r.isAllowed || !r.isExceeded) return { ok: true }
      const retryAfter = Math.max(1, r.ttlInSeconds)
      return { ok: false, retryAfter, message: limitMessage(name, retryAfter) }
    }

    app.decorate('limit', (name: LimitName, bucket?: string) => async (req: FastifyRequest) => {
      const v = await check(name, req, bucket)
      if (!v.ok) throw tooMany(v.message, v.retryAfter)
    })
    const batched = new Map<LimitName, SharedCounts>()
    const sharedCounts = (name: LimitName) => {
      let c = batched.get(name)
      if (!c && shared) {
        c = new SharedCounts(shared.redis, rules[name], { flushMs: shared.flushMs ?? 50, trustMs: 10_000 })
        batched.set(name, c)
      }
      return c
    }
    app.decorate('checkLimit', async (name: LimitName, who: Caller): Promise<Verdict> => {
      const counts = sharedCounts(name)
      if (!counts)
        // Only what the counter reads: the key's inputs and the (absent) route config.
        return check(name, {
          user: who.userId ? { id: who.userId } : null,
          ip: who.ip,
          routeOptions: {},
        } as never)
      const v = await counts.count(`${shared!.namespace}${STORE_CHILD}${limitKey(name, who)}`)
      return v.ok ? v : { ...v, message: limitMessage(name, v.retryAfter) }
    })
    app.decorate('flushLimits', async () => {
      await Promise.all([...batched.values()].map((c) => c.flush()))
    })
    app.addHook('onClose', async () => {
      await Promise.all([...batched.values()].map((c) => c.flush()))
      for (const c of batched.values()) c.close()
    })
  },
  { name: 'limits', dependencies: ['@fastify/rate-limit'] },
)
