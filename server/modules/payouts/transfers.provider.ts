import crypto from 'node:crypto'
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sandboxProviderObjects } from '../../db/schema'
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
   * Sandbox only: claims the `settlement.processed` events Razorpay would have sent by `now` (each linked account's
   * settlement of its transfers due, with a UTR), as webhooks with stable ids. A claimed event goes to no other
   * caller, on any instance, until its lease runs out; it is sent again then, as Razorpay retries a webhook, unless
   * `settlementDelivered` was told.
   */
  dueSettlements?(now: Date): Promise<DueEvent[]>
  /** Sandbox only: the event of `dueSettlements` with this id was applied; it is never sent again. */
  settlementDelivered?(eventId: string): Promise<void>
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

/** How long a claimed sandbox settlement event waits for its acknowledgement before it is sent again. */
export const SANDBOX_DELIVERY_LEASE_MS = 30_000
const SANDBOX_EVENT = 'evt_sandbox_'

/**
 * Sandbox transfers, under Razorpay's rules: positive whole paise in INR to an `acc_` account; processed at once;
 * an amount ending in 13 paise fails the first time a payout asks for it (a test value, as the sandbox's refunds use)
 * and goes through when retried. Each linked account settles `settleAfterMs` after its transfers, with a UTR. What it
 * makes is kept in the database (`sandbox_provider_objects`): every instance sees the same transfers, after restarts
 * too, and each settlement is claimed there, so it is made and delivered once whichever instances sweep.
 */
function sandboxTransfers(db: Db, settleAfterMs: number): RouteTransfers {
  const t = sandboxProviderObjects
  const make = async (source: string, req: TransferRequest) => {
    if (!Number.isSafeInteger(req.amount) || req.amount < 100)
      throw new TransferError('The transfer amount must be at least ₹1', false)
    if (!req.account.startsWith('acc_'))
      throw new TransferError('The account id is not a linked account', false)
    const failedBefore =
      req.amount % 100 === 13 &&
      (
        await db.execute(sql`select 1 from sandbox_provider_objects where kind = 'transfer'
          and entity->'notes'->>'payout_id' = ${req.payoutId} and entity->>'status' = 'failed' limit 1`)
      ).rows.length > 0
    const fail = req.amount % 100 === 13 && !failedBefore
    const at = new Date()
    const now = Math.floor(at.getTime() / 1000)
    const e = {
      id: rzpId('trf'),
      entity: 'transfer',
      status: fail ? 'failed' : 'processed',
      source,
      recipient: req.account,
      amount: req.amount,
      currency: 'INR',
      amount_reversed: 0,
      notes: { reference: req.reference, payout_id: req.payoutId },
      on_hold: false,
      recipient_settlement_id: null,
      created_at: now,
      processed_at: fail ? null : now,
      ...(fail
        ? { error: { code: 'BAD_REQUEST_ERROR', description: 'Sandbox test value: the transfer failed' } }
        : {}),
    }
    await db.insert(t).values({
      id: e.id,
      kind: 'transfer',
      // Direct transfers (from the merchant balance) belong to no payment.
      paymentId: source.startsWith('pay_') ? source : null,
      accountId: req.account,
      entity: e,
      dueAt: fail ? null : new Date(now * 1000 + settleAfterMs),
      createdAt: at,
    })
    return transferOf(e)!
  }
  const list = async (where: SQL | undefined) =>
    (
      await db
        .select({ entity: t.entity })
        .from(t)
        .where(and(eq(t.kind, 'transfer'), where))
        .orderBy(asc(t.createdAt), asc(t.id))
    ).map((r) => transferOf(r.entity)!)

  /** Makes each account's settlement of its transfers now due, once (the transfers are claimed with it). */
  async function settleDue(now: Date) {
    await db.transaction(async (tx) => {
      const due = (
        await tx.execute(sql`select id, account_id, (entity->>'amount')::bigint as amount
          from sandbox_provider_objects where kind = 'transfer' and due_at is not null
            and due_at <= ${now.toISOString()} order by id limit 500 for update skip locked`)
      ).rows as { id: string; account_id: string; amount: string | number }[]
      const byAccount = new Map<string, typeof due>()
      for (const d of due) byAccount.set(d.account_id, [...(byAccount.get(d.account_id) ?? []), d])
      for (const [accountId, ts] of byAccount) {
        const ids = ts.map((x) => String(x.id)).sort()
        const seed = `${accountId}:${ids.join(',')}`
        const id = `setl_${digest(seed).toString('base64url').replace(/[-_]/g, '').slice(0, 14)}`
        const createdAt = Math.floor(now.getTime() / 1000)
        await tx
          .insert(t)
          .values({
            id,
            kind: 'settlement',
            accountId,
            entity: {
              id,
              entity: 'settlement',
              amount: ts.reduce((s, x) => s + Number(x.amount), 0),
              status: 'processed',
              fees: 0,
              tax: 0,
              utr: sandboxUtr(seed),
              created_at: createdAt,
            },
            dueAt: now,
            createdAt: now,
          })
          .onConflictDoNothing()
        await tx.execute(sql`update sandbox_provider_objects set due_at = null,
            entity = jsonb_set(entity, '{recipient_settlement_id}', to_jsonb(${id}::text))
          where id in (${sql.join(
            ids.map((x) => sql`${x}`),
            sql`, `,
          )})`)
      }
    })
  }

  return {
    settleAfterMs,
    listForPayment: (paymentId) => list(eq(t.paymentId, paymentId)),
    createFromPayment: (paymentId, req) => make(paymentId, req),
    listDirect: () => list(isNull(t.paymentId)),
    createDirect: (req) => make('acc_MicrolanceSbx', req),
    async dueSettlements(now) {
      await settleDue(now)
      // Claimed for a lease: another caller gets it only if this one never says it was delivered.
      const claimed = (
        await db.execute(sql`update sandbox_provider_objects
          set due_at = ${new Date(now.getTime() + SANDBOX_DELIVERY_LEASE_MS).toISOString()}
          where id in (select id from sandbox_provider_objects where kind = 'settlement' and due_at is not null
            and due_at <= ${now.toISOString()} order by created_at, id limit 100 for update skip locked)
          returning account_id, entity`)
      ).rows as { account_id: string; entity: any }[]
      return claimed.map((c) => {
        const e = typeof c.entity === 'string' ? JSON.parse(c.entity) : c.entity
        return {
          eventId: `${SANDBOX_EVENT}${e.id}`,
          body: {
            entity: 'event',
            account_id: c.account_id,
            event: 'settlement.processed',
            contains: ['settlement'],
            payload: { settlement: { entity: e } },
            created_at: e.created_at,
          },
        }
      })
    },
    async settlementDelivered(eventId) {
      if (!eventId.startsWith(SANDBOX_EVENT)) return
      await db
        .update(t)
        .set({ dueAt: null })
        .where(and(eq(t.id, eventId.slice(SANDBOX_EVENT.length)), eq(t.kind, 'settlement')))
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

/**
 * The transfers of the provider PAYMENT_PROVIDER names; the sandbox keeps its objects in `db` and settles
 * `settleAfterMs` after a transfer.
 */
export function createRouteTransfers(
  config: Config,
  opts: { fetchImpl?: typeof fetch; settleAfterMs?: number; db?: Db } = {},
): RouteTransfers {
  if (config.PAYMENT_PROVIDER !== 'sandbox') return razorpayTransfers(config, opts.fetchImpl ?? fetch)
  if (!opts.db) throw new Error('The sandbox payment provider needs the database for what it makes')
  return sandboxTransfers(opts.db, opts.settleAfterMs ?? 2000)
}
