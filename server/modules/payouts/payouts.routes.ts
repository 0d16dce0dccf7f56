import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PayoutAccountBody } from '@common/schemas/payout'
import { badRequest } from '../../errors'
import { safeEqual, sha256 } from '../../lib/crypto'
import crypto from 'node:crypto'
import type { PayoutsService } from './payouts.service'

const tags = ['payouts']

/** /api/v1/payouts: the caller's payout details (ADR 049), and operators' read-only view of anyone's. */
export async function payoutsRoutes(app: FastifyInstance, opts: { payouts: PayoutsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { payouts } = opts

  r.get('/account', { preHandler: app.requireUser, schema: { tags } }, async (req) => ({
    success: true as const,
    account: await payouts.get(req.user!, req.user!.id),
  }))

  r.put(
    '/account',
    { preHandler: app.requireUser, schema: { tags, body: PayoutAccountBody } },
    async (req) => ({
      success: true as const,
      account: await payouts.save(req.user!, req.body),
    }),
  )

  r.get(
    '/accounts/:userId',
    { preHandler: app.requireRole('admin'), schema: { tags, params: z.object({ userId: z.uuid() }) } },
    async (req) => ({ success: true as const, account: await payouts.get(req.user!, req.params.userId) }),
  )
}

/**
 * POST /api/v1/payouts/webhook: Razorpay's `product.route.*` and `account.*` events, signed over the raw body with
 * the webhook secret (X-Razorpay-Signature) and counted once per X-Razorpay-Event-Id, as payment webhooks are.
 */
export async function payoutsWebhookRoutes(
  app: FastifyInstance,
  opts: { payouts: PayoutsService; webhookSecret: string },
) {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.post('/webhook', { schema: { tags } }, async (req) => {
    const raw = req.body as Buffer | undefined
    const signature = req.headers['x-razorpay-signature']
    if (!raw || !Buffer.isBuffer(raw)) throw badRequest('The webhook body must be JSON', 'bad_webhook')
    if (typeof signature !== 'string' || !signature)
      throw badRequest('The X-Razorpay-Signature header is missing', 'missing_signature')
    const expected = crypto.createHmac('sha256', opts.webhookSecret).update(raw).digest('hex')
    if (!safeEqual(expected, signature))
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
    return { success: true as const, ...(await opts.payouts.webhook(eventId, body)) }
  })
}
