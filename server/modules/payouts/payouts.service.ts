import type { FastifyBaseLogger } from 'fastify'
import {
  checkPayoutDetails,
  maskGstin,
  maskTail,
  type PayoutAccountInput,
  type PayoutAccountView,
} from '@common/schemas/payout'
import type { Db } from '../../db/client'
import type { PayoutAccountRow, UserRow } from '../../db/schema'
import { badRequest } from '../../errors'
import { payoutsPolicy } from './payouts.policy'
import {
  linkedAccountError,
  requirementFields,
  statusOf,
  type LinkedAccountProvider,
} from './payouts.provider'
import { payoutsRepo } from './payouts.repo'
import type { Sealer } from './sealer'
import type { TransfersService } from './transfers'

export type PayoutsService = ReturnType<typeof payoutsService>

/** Each sealed value is bound to its owner and field (the AES-GCM associated data). */
export const aad = (userId: string, field: 'pan' | 'gstin' | 'bank_account' | 'upi') =>
  `payout:${userId}:${field}`

/**
 * Payout details (ADR 049): checked, sealed, turned into a Razorpay Route linked account, shown masked; the
 * account's state follows the provider's webhooks. Secrets never reach a log line or an error message.
 */
export function payoutsService(deps: {
  db: Db
  sealer: Sealer
  provider: Omit<LinkedAccountProvider, 'transfers'>
  log: FastifyBaseLogger
  /** The payout executor: transfer and settlement events, and an account becoming active (ADR 050). */
  transfers?: Pick<TransfersService, 'event' | 'activated'>
}) {
  const { db, sealer, provider, log } = deps

  function view(row: PayoutAccountRow): PayoutAccountView {
    const open = (v: string | null, f: Parameters<typeof aad>[1]) =>
      v ? sealer.open(v, aad(row.userId, f)) : null
    const bank = open(row.bankAccountSealed, 'bank_account')
    const upi = open(row.upiSealed, 'upi')
    const gstin = open(row.gstinSealed, 'gstin')
    return {
      status: row.status,
      legalName: row.legalName,
      pan: maskTail(open(row.panSealed, 'pan')!),
      state: row.state,
      // A GSTIN holds the PAN, so its PAN part is masked too.
      gstin: gstin ? maskGstin(gstin) : null,
      bankAccount: bank ? maskTail(bank) : null,
      ifsc: row.ifsc,
      upiId: upi ? maskTail(upi) : null,
      ...(row.status === 'needs_clarification' ? { requirements: row.requirements } : {}),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  /** Applies a verified `product.route.*` / `account.*` event; repeats and older events change nothing. */
  async function webhook(eventId: string, body: any): Promise<{ duplicate: boolean; handled: string }> {
    const event = typeof body?.event === 'string' ? body.event.slice(0, 100) : ''
    return db.transaction(async (tx) => {
      if (!(await payoutsRepo.firstDelivery(tx, eventId, event))) return { duplicate: true, handled: event }
      if (event.startsWith('transfer.') || event === 'settlement.processed')
        return { duplicate: false, handled: (await deps.transfers?.event(tx, event, body)) ?? 'ignored' }
      const product = body?.payload?.merchant_product?.entity
      const account = body?.payload?.account?.entity
      const accountId =
        typeof body?.account_id === 'string'
          ? body.account_id
          : typeof account?.id === 'string'
            ? account.id
            : typeof product?.merchant_id === 'string'
              ? `acc_${product.merchant_id}`
              : null
      let status: PayoutAccountRow['status'] | null = null
      let requirements: string[] = []
      if (event.startsWith('product.route.') && product) {
        status = statusOf(product.activation_status ?? event.slice('product.route.'.length))
        requirements = requirementFields(product.requirements)
      } else if (event === 'account.suspended') status = 'suspended'
      else if (event === 'account.funds_unhold' || event === 'account.activated') status = 'activated'
      if (!status || !accountId) return { duplicate: false, handled: 'ignored' }
      const row = await payoutsRepo.byProviderAccount(tx, accountId, true)
      if (!row) return { duplicate: false, handled: 'ignored' }
      const secs = Number(body?.created_at)
      const at = Number.isFinite(secs) && secs > 0 ? new Date(secs * 1000) : new Date()
      const applied = await payoutsRepo.setStatus(tx, row.userId, {
        status,
        requirements: status === 'needs_clarification' ? requirements : [],
        at,
      })
      if (applied && status === 'activated') await deps.transfers?.activated(tx, row.userId)
      return { duplicate: false, handled: applied ? event : 'stale' }
    })
  }

  return {
    view,
    webhook,

    async get(viewer: UserRow, ownerId: string): Promise<PayoutAccountView | null> {
      payoutsPolicy.assertCanRead(viewer, ownerId)
      let row = await payoutsRepo.byUser(db, ownerId)
      // The sandbox's review "sends" its webhooks by now: apply them as the webhook route would, then read again.
      for (
        let i = 0;
        row && provider.dueEvents && row.providerAccountId && row.providerProductId && i < 3;
        i++
      ) {
        const due = provider.dueEvents(
          {
            accountId: row.providerAccountId,
            productId: row.providerProductId,
            status: row.status,
            statusAt: row.statusAt,
            legalName: row.legalName,
          },
          new Date(),
        )
        if (due.length === 0) break
        for (const ev of due) await webhook(ev.eventId, ev.body)
        row = await payoutsRepo.byUser(db, ownerId)
      }
      return row ? view(row) : null
    },

    async save(user: UserRow, input: PayoutAccountInput): Promise<PayoutAccountView> {
      const checked = checkPayoutDetails(input)
      if (!checked.ok) {
        const [first] = Object.values(checked.errors)
        throw badRequest(first ?? 'Check your payout details', 'validation_failed', checked.errors)
      }
      const d = checked.details
      const seal = (v: string | null, f: Parameters<typeof aad>[1]) =>
        v ? sealer.seal(v, aad(user.id, f)) : null
      const saved = await payoutsRepo.upsertDetails(db, {
        userId: user.id,
        legalName: d.legalName,
        panSealed: seal(d.pan, 'pan')!,
        state: d.state,
        gstinSealed: seal(d.gstin, 'gstin'),
        bankAccountSealed: seal(d.bankAccount, 'bank_account'),
        ifsc: d.ifsc,
        upiSealed: seal(d.upiId, 'upi'),
      })
      const known = {
        accountId: saved.providerAccountId,
        stakeholderId: saved.providerStakeholderId,
        productId: saved.providerProductId,
      }
      let result
      try {
        result = await provider.upsert(
          { userId: user.id, email: user.email, phone: user.phoneNumber, details: d },
          known,
          (ids) => payoutsRepo.setProviderIds(db, user.id, ids),
        )
      } catch (e) {
        // The details are saved either way; the next save resumes from the last step that worked.
        log.warn(
          { userId: user.id, code: (e as { code?: unknown }).code },
          'payout account: provider call failed',
        )
        throw e instanceof Error && 'statusCode' in e ? e : linkedAccountError()
      }
      await payoutsRepo.setProviderIds(db, user.id, result)
      if (result.status !== 'created')
        await db.transaction(async (tx) => {
          const applied = await payoutsRepo.setStatus(tx, user.id, {
            status: result.status,
            requirements: result.requirements,
            at: new Date(),
          })
          if (applied && result.status === 'activated') await deps.transfers?.activated(tx, user.id)
        })
      return view((await payoutsRepo.byUser(db, user.id))!)
    },
  }
}
