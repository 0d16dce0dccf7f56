import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PayoutsAnswer, TransferRetryAnswer } from '@common/schemas/payout-money'
import type { TransfersService } from './transfers'

/** GET /api/v1/payouts: the caller's payouts — what waits for an account, what is on its way, what was paid. */
export async function payoutsListRoutes(app: FastifyInstance, opts: { transfers: TransfersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/',
    { preHandler: app.requireUser, schema: { tags: ['payouts'], response: { 200: PayoutsAnswer } } },
    async (req) => ({ success: true as const, ...(await opts.transfers.list(req.user!)) }),
  )
}

/** POST /api/v1/transfers/:id/retry: operators retry a failed transfer now (ADR 050). */
export async function transfersRoutes(app: FastifyInstance, opts: { transfers: TransfersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/:id/retry',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        tags: ['payouts'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: TransferRetryAnswer },
      },
    },
    async (req) => opts.transfers.retry(req.params.id),
  )
}
