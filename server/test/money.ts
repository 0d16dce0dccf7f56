import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { signUp, type Session, type TestCtx } from './helpers'
import type { RazorpayStandIn } from './razorpay-standin'

/** The environment that points the app at a Razorpay stand-in, its webhooks signed with `webhookSecret`. */
export const standInEnv = (rzp: RazorpayStandIn, webhookSecret: string): Record<string, string> => ({
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: rzp.keyId,
  RAZORPAY_KEY_SECRET: rzp.keySecret,
  RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  RAZORPAY_API_URL: rzp.url,
})

/** Signs up an operator: a client account made admin. */
export async function signUpOperator(ctx: TestCtx, fullname = 'Ops Person'): Promise<Session> {
  const operator = await signUp(ctx, { role: 'client', fullname })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
  return operator
}

/** Posts a webhook signed as Razorpay signs it (HMAC-SHA256 of the raw body with `secret`), under `eventId`. */
export function signedWebhook(
  ctx: TestCtx,
  secret: string,
  url: string,
  body: object,
  eventId = `evt_${crypto.randomBytes(7).toString('hex')}`,
) {
  const raw = JSON.stringify(body)
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', secret).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  })
}

/** Polls `fn` every 100 ms until it returns something truthy, and returns that; throws after `ms`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
