import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { RequestPaymentBody, SubmitWorkBody } from '@common/schemas/payment'
import type { DeliveryService } from '../delivery/delivery.service'
import type { PaymentsService } from './payments.service'

const IdParams = z.object({ id: z.string().max(64) })
const tags = ['jobs']

/** On /api/v1/job: the hired freelancer's Submit Work and Request Payment (both tell the creator). */
export async function workRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentsService; delivery?: DeliveryService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/:id/submit-work',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, body: SubmitWorkBody } },
    // Also opens the review window on the caller's contract of the job (ADR 057).
    async (req) =>
      opts.payments.workEvent(req.user!, req.params.id, 'submit_work', req.body, (tx, job) =>
        opts.delivery ? opts.delivery.submitForJob(tx, req.user!, job, req.body) : Promise.resolve(),
      ),
  )
  r.post(
    '/:id/request-payment',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, body: RequestPaymentBody } },
    async (req) => opts.payments.workEvent(req.user!, req.params.id, 'request_payment', req.body),
  )
}
