import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPERATOR_ROLE } from '@common/roles'
import type { ReconciliationService } from './reconciliation.service'

const tags = ['admin']

/** /api/v1/admin: the operators' money page and the reconciliation run on demand (ADR 053). Operators only. */
export async function reconciliationRoutes(
  app: FastifyInstance,
  opts: { reconciliation: ReconciliationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const operator = { preHandler: app.requireRole(OPERATOR_ROLE) }

  r.get('/money', { ...operator, schema: { tags } }, async () => opts.reconciliation.overview())

  r.post('/reconciliation/run', { ...operator, schema: { tags } }, async () => opts.reconciliation.run())
}
