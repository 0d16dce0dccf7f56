import crypto from 'node:crypto'
import type { Config } from '../../config'
import type { DueEvent } from './payouts.provider'

/** A Route transfer as the provider holds it (Razorpay's transfer entity, the fields we read). Paise. */
export interface ProviderTransfer {
  id: string
  status: string
  /** The payment it came from (`pay_…`), or the merchant account for a direct transfer. */
  source: string
  recipient: string
  amount: number
  /** Our reference from its notes, when it has one. */
  reference: string | null
  processedAt: number | null
  error: string | null
}

/** What we ask for: `amount` paise to a linked account, carrying our reference (and the payout's id) in its notes. */
export interface TransferRequest {
  account: string
  amount: number
  reference: string
  payoutId: string
}

/** A provider call that did not go through: `retryable` when it may work later (network, 5xx, rate limits). */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

/** Razorpay Route transfers (ADR 050): from a captured payment, or directly from the merchant balance. */
export interface RouteTransfers {
  /** `GET /v1/payments/{id}/transfers`: what was already made from a payment (a crash may have left one). */
  listForPayment(paymentId: string): Promise<ProviderTransfer[]>
  /** `POST /v1/payments/{id}/transfers`. */
  createFromPayment(paymentId: string, t: TransferRequest): Promise<ProviderTransfer>
  /** `GET /v1/transfers`: direct transfers made lately. */
  listDirect(): Promise<ProviderTransfer[]>
  /** `POST /v1/transfers`: from the merchant balance, when no payment has room. */
  createDirect(t: TransferRequest): Promise<ProviderTransfer>
  /**
   * Sandbox only: the `settlement.processed` events Razorpay would have sent by `now` for these processed, unsettled
   * transfers (each linked account's settlement, with a UTR), as webhooks with stable ids.
   */
  dueSettlements?(
    transfers: { id: string; accountId: string; amount: number; processedAt: Date }[],
    now: Date,
  ): DueEvent[]
  /** Sandbox only: how long after a transfer is processed its settlement comes. */
  settleAfterMs?: number
}

/** The request bodies, shared by the provider and its tests: payment transfers and a direct transfer. */
export function transferBodies(t: TransferRequest) {
  const notes = { reference: t.reference, payout_id: t.payoutId }
  return {
    fromPayment: {
      transfers: [{ account: t.account, amount: t.amount, currency: 'INR', notes, on_hold: false }],
    },
    direct: { account: t.account, amount: t.amount, currency: 'INR', notes },
  }
}

/** Razorpay's transfer entity, as ours; null when it is not one. */
export function transferOf(e: any): ProviderTransfer | null {
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || !Number.isSafeInteger(e.amount)) return null
  const reference = typeof e.notes?.reference === 'string' ? e.notes.reference : null
  const error =
    e.status === 'failed'
      ? String(e.error?.description ?? e.error?.reason ?? 'The transfer failed').slice(0, 300)
      : null
  return {
    id: e.id,
    status: typeof e.status === 'string' ? e.status : 'pending',
    source: typeof e.source === 'string' ? e.source : '',
    recipient: typeof e.recipient === 'string' ? e.recipient : '',
    amount: e.amount,
    reference,
    processedAt: Number.isFinite(e.processed_at) ? e.processed_at : null,
    error,
  }
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const rzpId = (prefix: string) => {
  let out = ''
  for (let i = 0; i < 14; i++) out += BASE62[crypto.randomInt(BASE62.length)]
  return `${prefix}_${out}`
}
const digest = (s: string) => crypto.createHash('sha256').update(s).digest()

/** A sandbox UTR: Axis Bank's IFSC prefix and 12 digits, as NEFT/IMPS references read. */
export function sandboxUtr(seed: string): string {
  const n = digest(seed).readBigUInt64BE(0) % 1_000_000_000_000n
  return `UTIB${n.toString().padStart(12, '0')}`
}

/**
 * Sandbox transfers, under Razorpay's rules: positive whole paise in INR to an `acc_` account; processed at once;
 * an amount ending in 13 paise fails the first time a payout asks for it (a test value, as the sandbox's refunds use)
 * and goes through when retried. Each linked account settles `settleAfterMs` after its transfers, with a UTR.
 */
function sandboxTransfers(settleAfterMs: number): RouteTransfers {
  const byPayment = new Map<string, any[]>()
  const direct: any[] = []
  const failedOnce = new Set<string>()
  const make = (source: string, t: TransferRequest) => {
    if (!Number.isSafeInteger(t.amount) || t.amount < 100)
      throw new TransferError('The transfer amount must be at least ₹1', false)
    if (!t.account.startsWith('acc_'))
      throw new TransferError('The account id is not a linked account', false)
    const fail = t.amount % 100 === 13 && !failedOnce.has(t.payoutId)
    if (fail) failedOnce.add(t.payoutId)
    const now = Math.floor(Date.now() / 1000)
    return {
      id: rzpId('trf'),
      entity: 'transfer',
      status: fail ? 'failed' : 'processed',
      source,
      recipient: t.account,
      amount: t.amount,
      currency: 'INR',
      amount_reversed: 0,
      notes: { reference: t.reference, payout_id: t.payoutId },
      on_hold: false,
      recipient_settlement_id: null,
      created_at: now,
      processed_at: fail ? null : now,
      ...(fail
        ? { error: { code: 'BAD_REQUEST_ERROR', description: 'Sandbox test value: the transfer failed' } }
        : {}),
    }
  }
  return {
    settleAfterMs,
    async listForPayment(paymentId) {
      return (byPayment.get(paymentId) ?? []).map((e) => transferOf(e)!)
    },
    async createFromPayment(paymentId, t) {
      const e = make(paymentId, t)
      byPayment.set(paymentId, [...(byPayment.get(paymentId) ?? []), e])
      return transferOf(e)!
    },
    async listDirect() {
      return direct.map((e) => transferOf(e)!)
    },
    async createDirect(t) {
      const e = make('acc_MicrolanceSbx', t)
      direct.push(e)
      return transferOf(e)!
    },
    dueSettlements(transfers, now) {
      const due = transfers.filter((t) => t.processedAt.getTime() + settleAfterMs <= now.getTime())
      const byAccount = new Map<string, typeof due>()
      for (const t of due) byAccount.set(t.accountId, [...(byAccount.get(t.accountId) ?? []), t])
      return [...byAccount].map(([accountId, ts]) => {
        const seed = `${accountId}:${ts
          .map((t) => t.id)
          .sort()
          .join(',')}`
        const id = `setl_${digest(seed).toString('base64url').replace(/[-_]/g, '').slice(0, 14)}`
        const createdAt = Math.floor(now.getTime() / 1000)
        return {
          eventId: `evt_sandbox_${id}`,
          body: {
            entity: 'event',
            account_id: accountId,
            event: 'settlement.processed',
            contains: ['settlement'],
            payload: {
              settlement: {
                entity: {
                  id,
                  entity: 'settlement',
                  amount: ts.reduce((s, t) => s + t.amount, 0),
                  status: 'processed',
                  fees: 0,
                  tax: 0,
                  utr: sandboxUtr(seed),
                  created_at: createdAt,
                },
              },
            },
            created_at: createdAt,
          },
        }
      })
    },
  }
}

/** Razorpay Route transfers over its REST API (basic auth with the key id and secret). */
function razorpayTransfers(config: Config, fetchImpl: typeof fetch): RouteTransfers {
  const auth =
    'Basic ' + Buffer.from(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`).toString('base64')
  const base = config.RAZORPAY_API_URL.replace(/\/+$/, '')
  async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<any> {
    let res: Response
    try {
      res = await fetchImpl(`${base}${url}`, {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(15_000),
      })
    } catch {
      throw new TransferError('The payment provider could not be reached', true)
    }
    const json = (await res.json().catch(() => null)) as any
    if (!res.ok || !json || typeof json !== 'object') {
      const description =
        typeof json?.error?.description === 'string' ? json.error.description.slice(0, 300) : null
      const retryable = res.status >= 500 || res.status === 429 || res.status === 401
      throw new TransferError(description ?? `The payment provider answered ${res.status}`, retryable)
    }
    return json
  }
  const items = (json: any) =>
    (Array.isArray(json?.items) ? json.items : [])
      .map(transferOf)
      .filter((t: ProviderTransfer | null): t is ProviderTransfer => t !== null)
  const one = (json: any) => {
    const t = transferOf(json) ?? items(json)[0]
    if (!t) throw new TransferError('The payment provider’s answer had no transfer', true)
    return t
  }
  const pay = (id: string) => `/v1/payments/${encodeURIComponent(id)}/transfers`
  return {
    async listForPayment(paymentId) {
      return items(await call('GET', pay(paymentId)))
    },
    async createFromPayment(paymentId, t) {
      return one(await call('POST', pay(paymentId), transferBodies(t).fromPayment))
    },
    async listDirect() {
      return items(await call('GET', '/v1/transfers?count=100'))
    },
    async createDirect(t) {
      return one(await call('POST', '/v1/transfers', transferBodies(t).direct))
    },
  }
}

/** The transfers of the provider PAYMENT_PROVIDER names; the sandbox settles `settleAfterMs` after a transfer. */
export function createRouteTransfers(
  config: Config,
  opts: { fetchImpl?: typeof fetch; settleAfterMs?: number } = {},
): RouteTransfers {
  return config.PAYMENT_PROVIDER === 'sandbox'
    ? sandboxTransfers(opts.settleAfterMs ?? 2000)
    : razorpayTransfers(config, opts.fetchImpl ?? fetch)
}
