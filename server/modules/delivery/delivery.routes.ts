import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DeliveryAnswer, RequestChangesBody, SubmitDeliveryBody } from '@common/schemas/contract'
import type { DeliveryService } from './delivery.service'

const tags = ['contracts']
const Params = z.object({ id: z.string().max(64) })

/** On /api/v1/contracts: the freelancer's Submit Work and the client's Request Changes (ADR 057). */
export async function deliveryRoutes(app: FastifyInstance, opts: { delivery: DeliveryService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { delivery } = opts
  r.post(
    '/:id/submit',
    {
      preHandler: app.requireUser,
      schema: { tags, params: Params, body: SubmitDeliveryBody, response: { 200: DeliveryAnswer } },
    },
    async (req) => delivery.submit(req.user!, req.params.id, req.body),
  )
  r.post(
    '/:id/request-changes',
    {
      preHandler: app.requireUser,
      schema: { tags, params: Params, body: RequestChangesBody, response: { 200: DeliveryAnswer } },
    },
    async (req) => delivery.requestChanges(req.user!, req.params.id, req.body),
  )
}
