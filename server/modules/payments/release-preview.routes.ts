import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PaymentsService } from './payments.service'

const Params = z.object({ id: z.string().max(64) })
const Query = z.object({ units: z.coerce.number().int().min(1).max(1_000_000).optional() })

/**
 * GET /api/v1/contracts/:id/release-preview?units=: the split a release would book now (ADR 045, 050), for the
 * contract's client to see before confirming. The same computation as the release itself, writing nothing.
 */
export async function releasePreviewRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/:id/release-preview',
    { preHandler: app.requireUser, schema: { tags: ['contracts'], params: Params, querystring: Query } },
    async (req) => ({
      success: true as const,
      preview: await app.db.transaction((tx) =>
        opts.payments.releasePreview(tx, req.user!, req.params.id, req.query.units),
      ),
    }),
  )
}
