import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CreateOrderBody, RefundBody, ReleaseBody, SandboxPayBody, VerifyBody } from '@common/schemas/payment'
import { badRequest } from '../../errors'
import { sha256 } from '../../lib/crypto'
import { idempotent } from './idempotency'
import type { PaymentProvider } from './payments.provider'
import type { PaymentsService } from './payments.service'

const tags = ['payments']
const JobParams = z.object({ jobId: z.string().max(64) })

/** /api/payments and /api/v1/payments (same handlers): checkout, escrow release and refund, summaries. */
export async function paymentsRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { payments } = opts
  const auth = { preHandler: app.requireUser }

  r.post('/create-order', { ...auth, schema: { tags, body: CreateOrderBody } }, async (req, reply) => {
    const { status, body } = await idempotent(app.db, req, req.body, (tx) =>
      payments.createOrder(tx, req.user!, req.body),
    )
    return reply.status(status).send(body)
  })

  r.post('/verify', { ...auth, schema: { tags, body: VerifyBody } }, async (req, reply) => {
    const { status, body } = await idempotent(app.db, req, req.body, (tx) =>
      payments.verify(tx, req.user!, req.body),
    )
    return reply.status(status).send(body)
  })

  r.post('/sandbox/pay', { ...auth, schema: { tags, body: SandboxPayBody } }, async (req) =>
    payments.sandboxPay(req.user!, req.body),
  )

  r.post('/release', { ...auth, schema: { tags, body: ReleaseBody } }, async (req, reply) => {
    const { status, body } = await idempotent(app.db, req, req.body, (tx) =>
      payments.release(tx, req.user!, req.body),
    )
    return reply.status(status).send(body)
  })

  r.post('/refund', { ...auth, schema: { tags, body: RefundBody } }, async (req, reply) => {
    const { status, body } = await idempotent(app.db, req, req.body, (tx) =>
      payments.refund(tx, req.user!, req.body),
    )
    return reply.status(status).send(body)
  })

  r.get('/job/:jobId', { ...auth, schema: { tags, params: JobParams } }, async (req) => ({
    success: true as const,
    data: await payments.summary(req.user!, req.params.jobId),
  }))

  r.get('/earnings', { ...auth, schema: { tags } }, async (req) => ({
    success: true as const,
    data: await payments.earnings(req.user!),
  }))
}

/**
 * POST /api/payments/webhook: the signature is over the raw bytes, so this route alone keeps the body unparsed.
 * Answers 2xx fast once the event is recorded; a repeated event id is acknowledged and changes nothing.
 */
export async function paymentsWebhookRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentsService; provider: PaymentProvider },
) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.post('/webhook', { schema: { tags, hide: false } }, async (req) => {
    const raw = req.body as Buffer | undefined
    const signature = req.headers['x-razorpay-signature']
    if (!raw || !Buffer.isBuffer(raw)) throw badRequest('The webhook body must be JSON', 'bad_webhook')
    if (typeof signature !== 'string' || !signature)
      throw badRequest('The X-Razorpay-Signature header is missing', 'missing_signature')
    if (!opts.provider.verifyWebhook(raw, signature))
      throw badRequest('The webhook signature does not match', 'bad_signature')
    let body: unknown
    try {
      body = JSON.parse(raw.toString('utf8'))
    } catch {
      throw badRequest('The webhook body must be JSON', 'bad_webhook')
    }
    const header = req.headers['x-razorpay-event-id']
    const eventId =
      typeof header === 'string' && header ? header.slice(0, 100) : `body:${sha256(raw.toString('utf8'))}`
    const result = await opts.payments.webhook(eventId, body)
    return { success: true as const, ...result }
  })
}
