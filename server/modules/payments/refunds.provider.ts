import crypto from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sandboxProviderObjects } from '../../db/schema'

/** A refund as the provider holds it (Razorpay's refund entity, the fields we use). */
export interface ProviderRefund {
  id: string
  paymentId: string
  amountPaise: number
  status: 'pending' | 'processed' | 'failed'
  /** Our reference, from the refund's `notes.reference` or its `receipt`. */
  reference: string | null
  /** The bank's reference (ARN) once the acquirer has one. */
  bankReference: string | null
}

/** A provider call that did not make or read a refund. `permanent`: the provider refused it (retrying is useless). */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
  }
}

/** Razorpay's Refunds API: `POST /v1/payments/{id}/refund` and `GET /v1/payments/{id}/refunds`. */
export interface RefundApi {
  createRefund(input: {
    paymentId: string
    amountPaise: number
    reference: string
    notes: Record<string, string>
  }): Promise<ProviderRefund>
  listRefunds(paymentId: string): Promise<ProviderRefund[]>
}

const STATUSES = ['pending', 'processed', 'failed'] as const

/** Reads a refund entity; null when it is not one. */
export function refundOf(e: any): ProviderRefund | null {
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || typeof e.payment_id !== 'string') return null
  if (!Number.isInteger(e.amount) || !STATUSES.includes(e.status)) return null
  const ref = typeof e.notes?.reference === 'string' ? e.notes.reference : null
  const arn = e.acquirer_data?.arn ?? e.acquirer_data?.rrn
  return {
    id: e.id,
    paymentId: e.payment_id,
    amountPaise: e.amount,
    status: e.status,
    reference: ref ?? (typeof e.receipt === 'string' ? e.receipt : null),
    bankReference: typeof arn === 'string' && arn ? arn : null,
  }
}

/** The request body Razorpay takes for a refund (also what the official package sends). */
export const refundBody = (i: { amountPaise: number; reference: string; notes: Record<string, string> }) => ({
  amount: i.amountPaise,
  speed: 'optimum',
  receipt: i.reference,
  notes: { ...i.notes, reference: i.reference },
})

/** Razorpay over HTTP with basic auth; a refusal (400 BAD_REQUEST_ERROR) is permanent, anything else is retried. */
export function razorpayRefunds(o: { base: string; auth: string; fetchImpl: typeof fetch }): RefundApi {
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<any> {
    let res: Response
    try {
      res = await o.fetchImpl(`${o.base}${path}`, {
        method,
        headers: { authorization: o.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      })
    } catch {
      throw new ProviderCallError('Razorpay could not be reached', false)
    }
    const json = (await res.json().catch(() => null)) as any
    if (!res.ok) {
      const description =
        typeof json?.error?.description === 'string'
          ? json.error.description
          : `Razorpay answered ${res.status}`
      throw new ProviderCallError(
        description,
        res.status === 400 && json?.error?.code === 'BAD_REQUEST_ERROR',
      )
    }
    return json
  }
  const pay = (id: string) => `/v1/payments/${encodeURIComponent(id)}`
  return {
    async createRefund(input) {
      const r = refundOf(await call('POST', `${pay(input.paymentId)}/refund`, refundBody(input)))
      // Anything but the refund we asked for is not something we can book.
      if (!r || r.paymentId !== input.paymentId || r.amountPaise !== input.amountPaise)
        throw new ProviderCallError('Razorpay answered with something that is not this refund', false)
      return r
    },
    async listRefunds(paymentId) {
      const body = await call('GET', `${pay(paymentId)}/refunds?count=100`)
      if (!body || !Array.isArray(body.items))
        throw new ProviderCallError('Razorpay answered with something that is not a list of refunds', false)
      return body.items.map(refundOf).filter((r: ProviderRefund | null): r is ProviderRefund => !!r)
    },
  }
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** The sandbox amount that fails (ADR 050): any refund whose paise end in 13 (₹x.13). */
export const SANDBOX_FAILING_PAISE = 13

/** The sandbox's refund entity, as Razorpay answers with it. */
function sandboxRefundEntity(r: ProviderRefund, createdAt: number) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amountPaise,
    currency: 'INR',
    payment_id: r.paymentId,
    notes: { reference: r.reference },
    receipt: r.reference,
    acquirer_data: { arn: r.bankReference },
    created_at: createdAt,
    batch_id: null,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'optimum',
  }
}

/**
 * Refunds in the sandbox, under Razorpay's rules and shapes: paise integers of at least ₹1, ids `rfnd_` + 14
 * base62 characters derived from our reference (so asking again for the same reference returns the same refund,
 * never a second one), processed at once — or failed when the amount ends in 13 paise. What it made is kept in the
 * database (`sandbox_provider_objects`), so the list call answers the same after a restart and on every instance;
 * it does not know a payment's captured amount, so that limit is ours alone here.
 */
export function sandboxRefunds(secret: string, db: Db): RefundApi {
  const chars = (seed: string, n: number, alphabet: string) => {
    const h = crypto.createHmac('sha256', secret).update(seed).digest()
    let out = ''
    for (let i = 0; i < n; i++) out += alphabet[h[i] % alphabet.length]
    return out
  }
  const t = sandboxProviderObjects
  const listRefunds = async (paymentId: string) =>
    (
      await db
        .select({ entity: t.entity })
        .from(t)
        .where(and(eq(t.paymentId, paymentId), eq(t.kind, 'refund')))
        .orderBy(asc(t.createdAt), asc(t.id))
    )
      .map((r) => refundOf(r.entity))
      .filter((r): r is ProviderRefund => !!r)
  return {
    async createRefund({ paymentId, amountPaise, reference }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100)
        throw new ProviderCallError('The amount must be atleast INR 1.00', true)
      const same = (await listRefunds(paymentId)).filter((r) => r.reference === reference)
      const live = same.find((r) => r.status !== 'failed')
      if (live) return live
      const r: ProviderRefund = {
        id: `rfnd_${chars(`${paymentId}|${reference}|${same.length}`, 14, BASE62)}`,
        paymentId,
        amountPaise,
        status: amountPaise % 100 === SANDBOX_FAILING_PAISE ? 'failed' : 'processed',
        reference,
        bankReference: null,
      }
      // An ARN has 23 digits.
      if (r.status === 'processed') r.bankReference = chars(r.id, 23, '0123456789')
      const now = new Date()
      // Two instances asking at once derive the same id: one stores it, both answer with the stored refund.
      await db
        .insert(t)
        .values({
          id: r.id,
          kind: 'refund',
          paymentId,
          entity: sandboxRefundEntity(r, Math.floor(now.getTime() / 1000)),
          createdAt: now,
        })
        .onConflictDoNothing()
      const [stored] = await db.select({ entity: t.entity }).from(t).where(eq(t.id, r.id))
      return refundOf(stored?.entity) ?? r
    },
    listRefunds,
  }
}
