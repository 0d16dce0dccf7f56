import crypto from 'node:crypto'
import type { PayoutAccountStatus, PayoutDetails } from '@common/schemas/payout'
import { payoutEntity } from '@common/schemas/payout'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { keptSecret } from '../../config'
import { AppError } from '../../errors'
import { createRouteTransfers, type RouteTransfers } from './transfers.provider'

/** What the app knows of a linked account so far; a step already done is not repeated (ADR 049). */
export interface LinkedAccountIds {
  accountId: string | null
  stakeholderId: string | null
  productId: string | null
}

export interface LinkedAccountInput {
  /** Our user id (Razorpay's reference_id, at most 20 characters: the first 20 of the uuid without dashes). */
  userId: string
  email: string
  phone: string | null
  details: PayoutDetails
}

/** A webhook the sandbox has "sent" by now, with the event id it carries (the same each time it is asked). */
export interface DueEvent {
  eventId: string
  body: Record<string, unknown>
}

export interface LinkedAccountResult extends LinkedAccountIds {
  status: PayoutAccountStatus
  requirements: string[]
}

/** Razorpay Route linked accounts: account → stakeholder → `route` product → settlement details. */
export interface LinkedAccountProvider {
  name: 'sandbox' | 'razorpay'
  /**
   * Creates (or, with ids from an earlier try, continues or updates) the linked account. `progress` is called after
   * each step with the ids so far, so a failure part-way is resumed rather than repeated.
   */
  upsert(
    input: LinkedAccountInput,
    known: LinkedAccountIds,
    progress: (ids: LinkedAccountIds) => Promise<void>,
  ): Promise<LinkedAccountResult>
  /** HMAC-SHA256 of the raw webhook body with the webhook secret (the same secret as payment webhooks). */
  webhookSecret: string
  /** Transfers to linked accounts and their settlements (ADR 050). */
  transfers: RouteTransfers
  /**
   * Sandbox only: the events Razorpay would have sent by `now` for an account in this state, as webhooks; the
   * service applies them through the webhook handler when the account is read (ADR 049).
   */
  dueEvents?(
    account: {
      accountId: string
      productId: string
      status: PayoutAccountStatus
      statusAt: Date
      legalName: string
    },
    now: Date,
  ): DueEvent[]
}

export const linkedAccountError = () =>
  new AppError(
    502,
    'provider_error',
    'The payment provider could not save your payout details. Please try again.',
  )

/** Razorpay's business_type for the holder type a PAN declares. */
const BUSINESS_TYPE: Record<string, string> = {
  individual: 'individual',
  company: 'private_limited',
  firm: 'partnership',
  trust: 'trust',
  aop: 'society',
  huf: 'not_yet_registered',
}

/** Razorpay's state names in its addresses are upper case ("KARNATAKA"). */
const providerState = (state: string) => state.toUpperCase()

/** The request bodies of the four calls, shared by the provider and its tests. */
export function linkedAccountBodies(input: LinkedAccountInput) {
  const d = input.details
  const account = {
    email: input.email,
    ...(input.phone ? { phone: input.phone.replace(/^\+91/, '') } : {}),
    type: 'route',
    reference_id: input.userId.replace(/-/g, '').slice(0, 20),
    legal_business_name: d.legalName,
    business_type: BUSINESS_TYPE[payoutEntity(d.pan) ?? ''] ?? 'not_yet_registered',
    contact_name: d.legalName,
    profile: {
      category: 'it_and_software',
      subcategory: 'technical_support',
      addresses: { registered: { state: providerState(d.state), country: 'IN' } },
    },
    legal_info: { pan: d.pan, ...(d.gstin ? { gst: d.gstin } : {}) },
  }
  const stakeholder = { name: d.legalName, email: input.email, kyc: { pan: d.pan } }
  const product = { product_name: 'route', tnc_accepted: true }
  // Route settles to a bank account only; with a UPI id the product waits for one (needs_clarification).
  const settlements =
    d.bankAccount && d.ifsc
      ? {
          settlements: { account_number: d.bankAccount, ifsc_code: d.ifsc, beneficiary_name: d.legalName },
          tnc_accepted: true,
        }
      : null
  return { account, stakeholder, product, settlements }
}

/** Razorpay's activation_status of a product, as our account status. */
export function statusOf(activation: unknown): PayoutAccountStatus {
  switch (activation) {
    case 'under_review':
    case 'needs_clarification':
    case 'activated':
    case 'suspended':
      return activation
    default:
      return 'created'
  }
}

/** The fields a product's requirements name (`settlements.account_number`…). */
export function requirementFields(requirements: unknown): string[] {
  if (!Array.isArray(requirements)) return []
  return requirements
    .map((r) => (r && typeof r === 'object' ? (r as { field_reference?: unknown }).field_reference : null))
    .filter((f): f is string => typeof f === 'string' && f.length > 0 && f.length < 100)
    .slice(0, 20)
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const rzpId = (prefix: string) => {
  let out = ''
  for (let i = 0; i < 14; i++) out += BASE62[crypto.randomInt(BASE62.length)]
  return `${prefix}_${out}`
}

/**
 * The sandbox's outcome, chosen from the legal name as Razorpay's test modes choose theirs from test values:
 * a name containing "clarify" needs clarification (the settlement account number), one containing "suspend" is
 * suspended, any other is activated. Every account is under review first.
 */
export function sandboxOutcome(legalName: string): 'activated' | 'needs_clarification' | 'suspended' {
  const n = legalName.toLowerCase()
  if (n.includes('suspend')) return 'suspended'
  if (n.includes('clarify')) return 'needs_clarification'
  return 'activated'
}

/** A `product.route.*` or `account.*` event as Razorpay sends it. */
export function linkedAccountEvent(
  accountId: string,
  productId: string,
  status: Exclude<PayoutAccountStatus, 'created'>,
  requirements: string[] = [],
  createdAt = Math.floor(Date.now() / 1000),
): Record<string, unknown> {
  if (status === 'suspended')
    return {
      entity: 'event',
      account_id: accountId,
      event: 'account.suspended',
      contains: ['account'],
      payload: { account: { entity: { id: accountId, type: 'route', status: 'suspended' } } },
      created_at: createdAt,
    }
  return {
    entity: 'event',
    account_id: accountId,
    event: `product.route.${status}`,
    contains: ['merchant_product'],
    payload: {
      merchant_product: {
        entity: {
          id: productId,
          merchant_id: accountId.replace(/^acc_/, ''),
          activation_status: status,
          requirements: requirements.map((f) => ({
            field_reference: f,
            resolution_url: `/accounts/${accountId}/products/${productId}`,
            status: 'required',
            reason_code: 'field_missing',
          })),
        },
      },
    },
    created_at: createdAt,
  }
}

/** The provider named by PAYMENT_PROVIDER (ADR 049); `sandboxDelayMs` is how long the sandbox's review takes. */
export function createLinkedAccountProvider(
  config: Config,
  opts: { fetchImpl?: typeof fetch; sandboxDelayMs?: number; sandboxSettleMs?: number; db?: Db } = {},
): LinkedAccountProvider {
  const webhookSecret = config.RAZORPAY_WEBHOOK_SECRET ?? keptSecret(config.dataDir, 'webhook-secret')
  const transfers = createRouteTransfers(config, {
    fetchImpl: opts.fetchImpl,
    settleAfterMs: opts.sandboxSettleMs,
    db: opts.db,
  })
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    const review = opts.sandboxDelayMs ?? 1500
    return {
      name: 'sandbox',
      webhookSecret,
      transfers,
      async upsert(_input, known, progress) {
        const ids = {
          accountId: known.accountId ?? rzpId('acc'),
          stakeholderId: known.stakeholderId ?? rzpId('sth'),
          productId: known.productId ?? rzpId('acc_prd'),
        }
        await progress(ids)
        return { ...ids, status: 'created', requirements: [] }
      },
      // created → under_review after 0.2 s → the outcome after the review; each step from the time of the last.
      dueEvents(a, now) {
        const step =
          a.status === 'created'
            ? { after: Math.min(200, review), status: 'under_review' as const }
            : a.status === 'under_review'
              ? { after: review, status: sandboxOutcome(a.legalName) }
              : null
        if (!step) return []
        const at = a.statusAt.getTime() + step.after
        if (at > now.getTime()) return []
        const requirements = step.status === 'needs_clarification' ? ['settlements.account_number'] : []
        return [
          {
            eventId: `evt_sandbox_${a.accountId}_${step.status}_${a.statusAt.getTime()}`,
            body: linkedAccountEvent(a.accountId, a.productId, step.status, requirements, at / 1000),
          },
        ]
      },
    }
  }
  const fetchImpl = opts.fetchImpl ?? fetch
  const auth =
    'Basic ' + Buffer.from(`${config.RAZORPAY_KEY_ID}:${config.RAZORPAY_KEY_SECRET}`).toString('base64')
  const base = config.RAZORPAY_API_URL.replace(/\/+$/, '')
  async function call(method: 'POST' | 'PATCH', url: string, body: unknown): Promise<any> {
    let res: Response
    try {
      res = await fetchImpl(`${base}${url}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      })
    } catch {
      throw linkedAccountError()
    }
    const json = (await res.json().catch(() => null)) as any
    if (!res.ok || !json || typeof json !== 'object') {
      // Razorpay names the field it refuses; pass that on (never the value), so the form can point at it.
      const field = typeof json?.error?.field === 'string' ? json.error.field : undefined
      const description =
        typeof json?.error?.description === 'string' ? json.error.description.slice(0, 300) : undefined
      if (res.status === 400 && description)
        throw new AppError(
          400,
          'provider_refused',
          `The payment provider refused the details: ${description}`,
          {
            [field ?? 'body']: description,
          },
        )
      throw linkedAccountError()
    }
    return json
  }
  return {
    name: 'razorpay',
    webhookSecret,
    transfers,
    async upsert(input, known, progress) {
      const bodies = linkedAccountBodies(input)
      const ids: LinkedAccountIds = { ...known }
      if (!ids.accountId) {
        const acc = await call('POST', '/v2/accounts', bodies.account)
        if (typeof acc.id !== 'string') throw linkedAccountError()
        ids.accountId = acc.id
        await progress(ids)
      } else {
        const { type: _type, business_type: _bt, ...editable } = bodies.account
        await call('PATCH', `/v2/accounts/${ids.accountId}`, editable)
      }
      if (!ids.stakeholderId) {
        const sth = await call('POST', `/v2/accounts/${ids.accountId}/stakeholders`, bodies.stakeholder)
        if (typeof sth.id !== 'string') throw linkedAccountError()
        ids.stakeholderId = sth.id
        await progress(ids)
      }
      let product: any
      if (!ids.productId) {
        product = await call('POST', `/v2/accounts/${ids.accountId}/products`, bodies.product)
        if (typeof product.id !== 'string') throw linkedAccountError()
        ids.productId = product.id
        await progress(ids)
      }
      if (bodies.settlements)
        product = await call(
          'PATCH',
          `/v2/accounts/${ids.accountId}/products/${ids.productId}`,
          bodies.settlements,
        )
      return {
        ...ids,
        status: statusOf(product?.activation_status),
        requirements: requirementFields(product?.requirements),
      }
    },
  }
}
