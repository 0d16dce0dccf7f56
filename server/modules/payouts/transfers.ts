import crypto from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { afterCommit } from '../../db/after-commit'
import type { Db, Tx } from '../../db/client'
import type { PayoutRow, TransferRow, UserRow } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { isUuid } from '../../lib/ids'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo } from '../payments/ledger.repo'
import { payoutsOf } from './payouts.list'
import { presentTransfer } from './payouts.presenter'
import { payoutsRepo } from './payouts.repo'
import { TransferError, type ProviderTransfer, type RouteTransfers } from './transfers.provider'
import { DIRECT, transfersRepo } from './transfers.repo'
import { allocate, RECHECK_MS, retryDelayMs } from './transfers.rules'
import { money, type Params } from '../../i18n'

/**
 * The payout executor (ADR 050): queued payouts become transfers to the freelancer's linked account (rows first, in
 * one transaction), then the provider is asked; what it already holds with our reference is adopted, so a crash
 * between its answer and our commit never sends money twice. Processed transfers book the `payout` movement;
 * settlements bring the UTR; failed ones are retried with backoff and stay visible.
 */
export function transfersService(deps: { db: Db; provider: RouteTransfers; log: FastifyBaseLogger }) {
  const { db, provider, log } = deps
  let running: Promise<void> | null = null
  let again = false
  let closed = false
  const timers = new Set<NodeJS.Timeout>()

  async function tell(tx: Tx, payout: PayoutRow, key: string, params: Params = {}) {
    const title = await transfersRepo.jobTitle(tx, payout.jobId)
    await notificationsService.record(tx, {
      userId: payout.freelancerId,
      type: 'payment_released',
      key,
      params: { ...params, amount: money(payout.netPaise), title },
      metadata: { jobId: payout.jobId, contractId: payout.contractId, payoutId: payout.id },
    })
  }

  /** A queued payout becomes transfer rows over the contract's payments (or the balance); false if not ready. */
  async function plan(payoutId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const payout = await transfersRepo.lockPayout(tx, payoutId)
      if (!payout || payout.status !== 'queued') return false
      const account = await payoutsRepo.byUser(tx, payout.freelancerId)
      if (account?.status !== 'activated' || !account.providerAccountId) return false
      await transfersRepo.lockContract(tx, payout.contractId)
      const left = payout.netPaise - (await transfersRepo.askedFor(tx, payout.id))
      const parts = left > 0 ? allocate(left, await transfersRepo.paymentRoom(tx, payout.contractId)) : []
      await transfersRepo.insertTransfers(
        tx,
        parts.map((p) => ({
          reference: `ml_trf_${crypto.randomBytes(9).toString('hex')}`,
          payoutId: payout.id,
          freelancerId: payout.freelancerId,
          providerPaymentId: p.providerPaymentId,
          providerAccountId: account.providerAccountId!,
          amountPaise: p.amount,
          nextAttemptAt: new Date(),
        })),
      )
      await transfersRepo.setPayoutStatus(tx, payout.id, 'transferring', { failureReason: null })
      if (parts.length === 0) await complete(tx, payout)
      else if (!(await transfersRepo.failures(tx, payout.id)))
        await tell(tx, payout, 'notifications.payout.onItsWay')
      return true
    })
  }

  /** Marks the payout paid once its live transfers are all processed and cover its net. */
  async function complete(tx: Tx, payout: PayoutRow) {
    const p = await transfersRepo.progress(tx, payout.id)
    if (p.pending === 0 && p.processed >= payout.netPaise)
      await transfersRepo.setPayoutStatus(tx, payout.id, 'paid', { failureReason: null, paid: true })
  }

  /** The provider processed the transfer: book the payout movement, once, and maybe finish the payout. */
  async function processed(tx: Tx, t: TransferRow, pt: { id: string; processedAt: number | null }) {
    const at = pt.processedAt ? new Date(pt.processedAt * 1000) : new Date()
    if (!(await transfersRepo.markProcessed(tx, t.id, pt.id, at))) return
    const payout = (await transfersRepo.payout(tx, t.payoutId))!
    await ledgerRepo.post(tx, {
      kind: 'payout',
      jobId: payout.jobId,
      contractId: payout.contractId,
      idempotencyKey: `payout:${t.id}`,
      units: 0,
      actorId: null,
      legs: [
        {
          kind: 'freelancer',
          key: accountKey.freelancer(t.freelancerId),
          ownerId: t.freelancerId,
          amountPaise: -t.amountPaise,
        },
        { kind: 'provider', key: 'provider:payouts', amountPaise: t.amountPaise },
      ],
    })
    await complete(tx, payout)
  }

  async function failed(tx: Tx, t: TransferRow, providerId: string | null, reason: string) {
    const failures = (await transfersRepo.failures(tx, t.payoutId)) + 1
    const retryAt = new Date(Date.now() + retryDelayMs(failures))
    if (!(await transfersRepo.markFailed(tx, t.id, { providerId, reason, retryAt }))) return
    await transfersRepo.setPayoutStatus(tx, t.payoutId, 'failed', { failureReason: reason })
  }

  /** Applies what the provider says of a transfer (its answer, a listing, or a webhook). */
  async function apply(tx: Tx, t: TransferRow, pt: ProviderTransfer) {
    if (pt.status === 'processed') await processed(tx, t, pt)
    else if (pt.status === 'failed') await failed(tx, t, pt.id, pt.error ?? 'The transfer failed')
    else
      await transfersRepo.stillPending(tx, t.id, { providerId: pt.id, at: new Date(Date.now() + RECHECK_MS) })
  }

  /** Sends one claimed transfer, adopting the one the provider already holds with our reference. */
  async function send(t: TransferRow) {
    const request = {
      account: t.providerAccountId,
      amount: t.amountPaise,
      reference: t.reference,
      payoutId: t.payoutId,
    }
    const direct = t.providerPaymentId === DIRECT
    let pt: ProviderTransfer
    try {
      const held = direct ? await provider.listDirect() : await provider.listForPayment(t.providerPaymentId)
      const mine = held.find((h) => h.reference === t.reference && h.status !== 'failed')
      pt =
        mine ??
        (direct
          ? await provider.createDirect(request)
          : await provider.createFromPayment(t.providerPaymentId, request))
    } catch (e) {
      const reason = e instanceof Error ? e.message.slice(0, 300) : 'The transfer could not be made'
      await db.transaction(async (tx) => {
        if (e instanceof TransferError && !e.retryable) return failed(tx, t, null, reason)
        const wait = retryDelayMs(t.attempts)
        await transfersRepo.stillPending(tx, t.id, {
          providerId: null,
          reason,
          at: new Date(Date.now() + wait),
        })
      })
      log.warn(
        { transferId: t.id, retryable: (e as TransferError).retryable },
        'transfer: provider call failed',
      )
      return
    }
    await db.transaction((tx) => apply(tx, t, pt))
  }

  /** A transfer or settlement event (webhook, or the sandbox's), already de-duplicated by its event id. */
  async function event(tx: Tx, name: string, body: any): Promise<string> {
    if (name === 'transfer.processed' || name === 'transfer.failed') {
      const e = body?.payload?.transfer?.entity
      if (!e || typeof e.id !== 'string') return 'ignored'
      const ref = typeof e.notes?.reference === 'string' ? e.notes.reference : null
      const t = await transfersRepo.byProvider(tx, e.id, ref)
      if (!t) return 'ignored'
      const error = String(e.error?.description ?? e.error?.reason ?? 'The transfer failed').slice(0, 300)
      if (name === 'transfer.processed')
        await processed(tx, t, {
          id: e.id,
          processedAt: Number.isFinite(e.processed_at) ? e.processed_at : null,
        })
      else await failed(tx, t, e.id, error)
      return name
    }
    if (name === 'settlement.processed') {
      const s = body?.payload?.settlement?.entity
      const accountId = typeof body?.account_id === 'string' ? body.account_id : null
      if (!s || typeof s.id !== 'string' || typeof s.utr !== 'string' || !accountId) return 'ignored'
      const secs = Number(s.created_at)
      const at = Number.isFinite(secs) && secs > 0 ? new Date(secs * 1000) : new Date()
      const touched = await transfersRepo.settle(tx, {
        accountId,
        settlementId: s.id.slice(0, 100),
        utr: s.utr.slice(0, 64),
        at,
      })
      for (const id of touched)
        if (await transfersRepo.fullySettled(tx, id)) {
          const payout = (await transfersRepo.payout(tx, id))!
          await tell(tx, payout, 'notifications.payout.reached', { utr: s.utr.slice(0, 64) })
        }
      return name
    }
    return 'ignored'
  }

  /** The sandbox's settlements that are due, applied as their webhooks would be. */
  async function sandboxSettlements(): Promise<boolean> {
    if (!provider.dueSettlements) return false
    // Claimed at the sandbox, so only one instance gets each; acknowledged once applied (ADR 050).
    for (const ev of await provider.dueSettlements(new Date())) {
      await db.transaction(async (tx) => {
        if (await payoutsRepo.firstDelivery(tx, ev.eventId, 'settlement.processed'))
          await event(tx, 'settlement.processed', ev.body)
      })
      await provider.settlementDelivered?.(ev.eventId)
    }
    return (await transfersRepo.unsettled(db, 1)).length > 0
  }

  /** One pass: retries due, payouts planned, transfers sent, settlements read. */
  async function runOnce() {
    for (const r of await transfersRepo.retireDueFailures(db))
      await db.transaction(async (tx) => {
        const p = await transfersRepo.lockPayout(tx, r.payoutId)
        if (p && p.status === 'failed') await transfersRepo.setPayoutStatus(tx, p.id, 'queued')
      })
    for (const id of await transfersRepo.queuedReady(db)) await plan(id)
    for (let batch = await transfersRepo.claimDue(db); batch.length; batch = await transfersRepo.claimDue(db))
      for (const t of batch) await send(t)
    if ((await sandboxSettlements()) && !closed) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        kick()
      }, provider.settleAfterMs! + 100)
      timer.unref()
      timers.add(timer)
    }
  }

  /** Runs the executor now (after a release, an account activated, a retry); calls while it runs coalesce. */
  function kick(): Promise<void> {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await runOnce()
      } while (again && !closed)
    })()
      .catch((err) => log.warn({ err }, 'payout transfers: run failed'))
      .finally(() => {
        running = null
      })
    return running
  }

  return {
    kick,
    event,
    runOnce,

    /** The caller's payouts and their totals (GET /api/v1/payouts). */
    list: (user: UserRow) => payoutsOf(db, user.id),

    /** An operator retries a failed transfer now rather than at its backoff (404 unknown, 409 not failed). */
    async retry(id: string) {
      if (!isUuid(id)) throw notFound('Transfer not found', 'transfer_not_found')
      await db.transaction(async (tx) => {
        const t = await transfersRepo.byId(tx, id, true)
        if (!t) throw notFound('Transfer not found', 'transfer_not_found')
        if (t.status !== 'failed' || !t.nextAttemptAt)
          throw conflict(
            t.status === 'failed'
              ? 'This transfer was already retried'
              : `Only a failed transfer can be retried; this one is ${t.status}`,
            'not_failed',
          )
        await transfersRepo.retryNow(tx, id)
      })
      await kick()
      return {
        success: true as const,
        message: 'The transfer is being retried',
        transfer: presentTransfer((await transfersRepo.byId(db, id))!),
      }
    },

    /** A freelancer's linked account became active: their waiting payouts are queued (in the caller's transaction). */
    async activated(tx: Tx, freelancerId: string) {
      if ((await transfersRepo.queueWaiting(tx, freelancerId)) > 0) {
        afterCommit(tx, () => void kick())
      }
    },

    async close() {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      await running
    },
  }
}
export type TransfersService = ReturnType<typeof transfersService>
