import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ContractAnswer, ContractsAnswer, ContractsQuery } from '@common/schemas/contract'
import type { ContractsService } from './contracts.service'

const tags = ['contracts']
const Params = z.object({ id: z.string().max(64) })

/** /api/v1/contracts: the caller's hires and one hire with its escrow (ADR 048). */
export async function contractsRoutes(app: FastifyInstance, opts: { contracts: ContractsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { contracts } = opts
  const auth = { preHandler: app.requireUser }

  r.get(
    '/',
    { ...auth, schema: { tags, querystring: ContractsQuery, response: { 200: ContractsAnswer } } },
    async (req) => ({
      success: true as const,
      contracts: await contracts.mine(req.user!, req.query.jobId),
    }),
  )

  r.get(
    '/:id',
    { ...auth, schema: { tags, params: Params, response: { 200: ContractAnswer } } },
    async (req) => ({ success: true as const, contract: await contracts.get(req.user!, req.params.id) }),
  )
}
