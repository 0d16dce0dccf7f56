import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RequestPaymentBody, SubmitWorkBody } from '@common/schemas/payment'
import type { PaymentsService } from './payments.service'

const IdParams = z.object({ id: z.string().max(64) })
const tags = ['jobs']

/** On /api/v1/job: the hired freelancer's Submit Work and Request Payment (both tell the creator). */
export async function workRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/:id/submit-work',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, body: SubmitWorkBody } },
    async (req) => opts.payments.workEvent(req.user!, req.params.id, 'submit_work', req.body),
  )
  r.post(
    '/:id/request-payment',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, body: RequestPaymentBody } },
    async (req) => opts.payments.workEvent(req.user!, req.params.id, 'request_payment', req.body),
  )
}
