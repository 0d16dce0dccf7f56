import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { advanceClock, dbNow, resetClock } from '../../lib/clock'

const Body = z.object({
  /** How far to move the clock forward, in milliseconds (at most a year); 0 with `reset` goes back to real time. */
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3600_000)
    .default(0),
  reset: z.boolean().default(false),
})

/**
 * /api/v1/test/clock — registered only with TEST_CLOCK=1 (browser tests): moves `app_now()` for every instance on
 * the database, so a review window, a dispute's answer time or a review window can pass in a test (ADR 055).
 */
export async function testClockRoutes(app: FastifyInstance, opts: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post('/clock', { schema: { hide: true, body: Body } }, async (req) => {
    if (req.body.reset) await resetClock(opts.db)
    const offsetMs = await advanceClock(opts.db, req.body.advanceMs)
    return { success: true as const, offsetMs, now: (await dbNow(opts.db)).toISOString() }
  })
}
