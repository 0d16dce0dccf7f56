import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RefundRetryAnswer } from '@common/schemas/refund'
import { presentRefund } from '../contracts/contracts.presenter'
import type { RefundFlow } from './refunds'

const tags = ['payments']
const Params = z.object({ id: z.string().max(64) })

/** /api/v1/refunds: operators send a failed refund again (ADR 050). */
export async function refundsRoutes(app: FastifyInstance, opts: { refunds: RefundFlow }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/:id/retry',
    {
      preHandler: app.requireRole('admin'),
      schema: { tags, params: Params, response: { 200: RefundRetryAnswer } },
    },
    async (req) => {
      const refund = await opts.refunds.retry(req.params.id)
      const words = { processed: 'The refund was processed', pending: 'The refund was sent again' }
      return {
        success: true as const,
        message: refund.status === 'failed' ? 'The refund failed again' : words[refund.status],
        refund: presentRefund(refund),
      }
    },
  )
}
