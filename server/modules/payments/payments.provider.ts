import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { keptSecret } from '../../config'
import { AppError } from '../../errors'
import { hmac, safeEqual } from '../../lib/crypto'
import { razorpayRefunds, sandboxRefunds, type RefundApi } from './refunds.provider'

export interface ProviderOrder {
  id: string
  amount: number
  currency: string
}

/**
 * One card-payment provider (ADR 012): orders, checkout signatures and webhook signatures in Razorpay's formats;
 * refunds (ADR 050).
 */
export interface PaymentProvider extends RefundApi {
  name: 'sandbox' | 'razorpay'
  keyId: string
  createOrder(input: {
    amountPaise: number
    receipt: string
    notes: Record<string, string>
  }): Promise<ProviderOrder>
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean
  /** HMAC-SHA256 of the raw webhook body with the webhook secret, compared in constant time. */
  verifyWebhook(rawBody: Buffer | string, signature: string): boolean
  /** Signs a checkout result (the sandbox checkout; tests). */
  sign(orderId: string, paymentId: string): string
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** An id in Razorpay's shape: prefix + 14 base62 characters (`order_KxV7q…`, `pay_…`). */
export function razorpayId(prefix: 'order' | 'pay' | 'evt'): string {
  let out = ''
  for (let i = 0; i < 14; i++) out += BASE62[crypto.randomInt(BASE62.length)]
  return `${prefix}_${out}`
}

export const providerError = () => new AppError(502, 'provider_error', 'Failed to create Razorpay order')

function signer(keySecret: string, webhookSecret: string) {
  const sign = (orderId: string, paymentId: string) => hmac(keySecret, `${orderId}|${paymentId}`)
  return {
    sign,
    verifyPayment: (orderId: string, paymentId: string, signature: string) =>
      safeEqual(sign(orderId, paymentId), signature),
    verifyWebhook: (raw: Buffer | string, signature: string) =>
      safeEqual(crypto.createHmac('sha256', webhookSecret).update(raw).digest('hex'), signature),
  }
}

/**
 * The provider named by PAYMENT_PROVIDER; secrets default to ones generated once and kept in DATA_DIR. The sandbox
 * keeps the refunds it makes in `db`, shared by every instance (ADR 050).
 */
export function createProvider(
  config: Config,
  fetchImpl: typeof fetch = fetch,
  opts: { db?: Db } = {},
): PaymentProvider {
  const keySecret = config.RAZORPAY_KEY_SECRET ?? keptSecret(config.dataDir, 'sandbox-key-secret')
  const webhookSecret = config.RAZORPAY_WEBHOOK_SECRET ?? keptSecret(config.dataDir, 'webhook-secret')
  const s = signer(keySecret, webhookSecret)
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    if (!opts.db) throw new Error('The sandbox payment provider needs the database for what it makes')
    return {
      name: 'sandbox',
      keyId: config.RAZORPAY_KEY_ID ?? 'rzp_test_sandbox',
      ...s,
      async createOrder({ amountPaise }) {
        return { id: razorpayId('order'), amount: amountPaise, currency: 'INR' }
      },
      ...sandboxRefunds(keySecret, opts.db),
    }
  }
  const keyId = config.RAZORPAY_KEY_ID!
  const auth = 'Basic ' + Buffer.from(`${keyId}:${keySecret}`).toString('base64')
  const base = config.RAZORPAY_API_URL.replace(/\/+$/, '')
  return {
    name: 'razorpay',
    keyId,
    ...s,
    ...razorpayRefunds({ base, auth, fetchImpl }),
    async createOrder({ amountPaise, receipt, notes }) {
      let res: Response
      try {
        res = await fetchImpl(`${base}/v1/orders`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, notes }),
          signal: AbortSignal.timeout(10_000),
        })
      } catch {
        throw providerError()
      }
      if (!res.ok) throw providerError()
      const body = (await res.json().catch(() => null)) as ProviderOrder | null
      // The provider must charge exactly what we computed; anything else is not an order we can book.
      if (!body || typeof body.id !== 'string' || body.amount !== amountPaise || body.currency !== 'INR')
        throw providerError()
      return { id: body.id, amount: body.amount, currency: body.currency }
    },
  }
}
