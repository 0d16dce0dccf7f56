import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterCommit } from '../../db/after-commit'
import type { Db, Tx } from '../../db/client'
import type { JobRow, RefundRow } from '../../db/schema'
import { conflict, notFound, said as saidKey } from '../../errors'
import { isUuid } from '../../lib/ids'
import { recordContractEvent } from '../contracts/contract-events'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo } from './ledger.repo'
import type { Hire } from './payments.context'
import type { PaymentProvider } from './payments.provider'
import { ProviderCallError, refundOf, type ProviderRefund } from './refunds.provider'
import { refundsRepo, type RefundablePayment } from './refunds.repo'
import { money, type Params } from '../../i18n'

/** How long one attempt holds a row before another may assume it died. */
const LEASE_MS = 2 * 60_000
/** A refund the provider holds as pending is looked at again after this (in case its webhook never comes). */
const RECHECK_MS = 15 * 60_000
/** Unreachable provider: attempts before the row is marked failed for an operator. */
export const MAX_ATTEMPTS = 8
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)

/**
 * Splits `amount` over the payments newest first (partial where needed, never beyond a payment's `available`); what
 * no captured payment covers is `unbacked`.
 */
export function planRefund(payments: RefundablePayment[], amount: number) {
  const parts: { paymentId: string; payerId: string; amountPaise: number }[] = []
  let left = amount
  for (const p of payments) {
    if (left <= 0) break
    const take = Math.min(left, p.available)
    if (take <= 0) continue
    parts.push({ paymentId: p.paymentId, payerId: p.payerId, amountPaise: take })
    left -= take
  }
  return { parts, unbacked: left }
}

const newReference = () => `mlrf_${crypto.randomBytes(10).toString('hex')}`

/** The catalogue key (its `…Deleted` form for a job deleted since) and arguments of a refund's notification. */
const said = async (
  tx: Tx,
  row: RefundRow,
  key: 'back' | 'failed',
): Promise<{ key: string; params: Params }> => {
  const title = await refundsRepo.jobTitle(tx, row.jobId)
  const amount = money(row.amountPaise)
  return title === null
    ? { key: `notifications.refund.${key}Deleted`, params: { amount } }
    : { key: `notifications.refund.${key}`, params: { amount, title } }
}

/** The provider processed the refund: the row, `refund_settled` (once) and the client's notification. */
async function settle(tx: Tx, row: RefundRow, r: ProviderRefund) {
  if (row.status === 'processed') return false
  await refundsRepo.update(tx, row.id, {
    status: 'processed',
    providerRefundId: r.id,
    bankReference: r.bankReference ?? row.bankReference,
    failureReason: null,
    nextAttemptAt: null,
    processedAt: new Date(),
  })
  const posted = await ledgerRepo.post(tx, {
    kind: 'refund_settled',
    jobId: row.jobId,
    contractId: row.contractId,
    idempotencyKey: `refund_settled:${row.id}`,
    units: 0,
    actorId: null,
    legs: [
      { kind: 'provider', key: accountKey.providerRefunds(), amountPaise: -row.amountPaise },
      {
        kind: 'client',
        key: accountKey.client(row.clientId),
        ownerId: row.clientId,
        amountPaise: row.amountPaise,
      },
    ],
  })
  if (posted)
    await notificationsService.record(tx, {
      userId: row.clientId,
      type: 'payment_refunded',
      ...(await said(tx, row, 'back')),
      metadata: { jobId: row.jobId, refundId: row.id },
    })
  return posted
}

/** The provider refused or failed the refund: the money stays in provider:refunds until an operator retries. */
async function fail(tx: Tx, row: RefundRow, reason: string, providerRefundId: string | null) {
  if (row.status !== 'pending') return false
  await refundsRepo.update(tx, row.id, {
    status: 'failed',
    failureReason: reason.slice(0, 500),
    nextAttemptAt: null,
    ...(providerRefundId ? { providerRefundId } : {}),
  })
  await notificationsService.record(tx, {
    userId: row.clientId,
    type: 'payment_failed',
    ...(await said(tx, row, 'failed')),
    metadata: { jobId: row.jobId, refundId: row.id },
  })
  return true
}

/** Applies what the provider says of a refund (its answer, a list or a webhook); only ever moves a row forward. */
async function applyProviderRefund(tx: Tx, row: RefundRow, r: ProviderRefund) {
  if (r.paymentId !== row.providerPaymentId || r.amountPaise !== row.amountPaise) return false
  if (r.status === 'processed') return settle(tx, row, r)
  // A report about an earlier provider refund of a row retried since changes nothing.
  if (row.providerRefundId && row.providerRefundId !== r.id) return false
  if (r.status === 'failed') return fail(tx, row, 'The bank did not accept the refund', r.id)
  if (row.status !== 'pending') return false
  await refundsRepo.update(tx, row.id, {
    providerRefundId: r.id,
    ...(r.bankReference ? { bankReference: r.bankReference } : {}),
  })
  return true
}

/** The refund webhooks we act on, with the status their refund must have (any for `refund.created`). */
const WEBHOOK_STATUS: Record<string, ProviderRefund['status'] | null> = {
  'refund.processed': 'processed',
  'refund.failed': 'failed',
  'refund.created': null,
}

/**
 * `refund.processed` / `refund.failed` / `refund.created` (the webhook is already deduplicated by event id): the row
 * they are about, found by the provider's id or our reference, moves forward; anything else is ignored.
 */
export async function refundWebhook(tx: Tx, event: string, entity: unknown): Promise<string> {
  const r = refundOf(entity)
  if (!r) return 'ignored'
  if (!(event in WEBHOOK_STATUS)) return 'ignored'
  const expected = WEBHOOK_STATUS[event]
  if (expected && r.status !== expected) return 'ignored'
  const row = await refundsRepo.forProviderRefund(tx, r.id, r.reference)
  if (!row) return 'ignored'
  return (await applyProviderRefund(tx, row, r)) ? event : 'unchanged'
}

/** What a test may inject between the provider's answer and our commit (the crash the executor must survive). */
export interface RefundHooks {
  afterProviderCall?(row: RefundRow, r: ProviderRefund): void | Promise<void>
}

/**
 * Refunds that reach the payer (ADR 050): `start` books the intent with the refund (in its transaction); the
 * executor calls the provider after the commit, adopting a refund the provider already holds for our reference.
 */
export function refundFlow(deps: {
  db: Db
  provider: PaymentProvider
  log?: FastifyBaseLogger
  hooks?: RefundHooks
}) {
  const { db, provider, log, hooks } = deps

  /** One attempt at one claimed row: adopt or create at the provider, then record the answer. */
  async function attempt(row: RefundRow) {
    let r: ProviderRefund
    try {
      const held = (await provider.listRefunds(row.providerPaymentId)).filter(
        (x) => x.paymentId === row.providerPaymentId,
      )
      const known = row.providerRefundId ? held.find((x) => x.id === row.providerRefundId) : undefined
      const adopted = known ?? held.find((x) => x.reference === row.reference && x.status !== 'failed')
      r =
        adopted ??
        (await provider.createRefund({
          paymentId: row.providerPaymentId,
          amountPaise: row.amountPaise,
          reference: row.reference,
          notes: { jobId: row.jobId, ...(row.contractId ? { contractId: row.contractId } : {}) },
        }))
    } catch (e) {
      if (!(e instanceof ProviderCallError)) throw e
      log?.warn({ refund: row.id, attempts: row.attempts, err: e.message }, 'refund attempt failed')
      await db.transaction(async (tx) => {
        const locked = (await refundsRepo.byId(tx, row.id, true))!
        if (locked.status !== 'pending') return
        if (e.permanent) await fail(tx, locked, e.message, null)
        else if (locked.attempts >= MAX_ATTEMPTS)
          await fail(
            tx,
            locked,
            `The payment provider could not be reached (${locked.attempts} attempts)`,
            null,
          )
        else await refundsRepo.retryIn(tx, row.id, backoffMs(locked.attempts))
      })
      return
    }
    await hooks?.afterProviderCall?.(row, r)
    await db.transaction(async (tx) => {
      const locked = (await refundsRepo.byId(tx, row.id, true))!
      await applyProviderRefund(tx, locked, r)
      // Still pending at the provider: look again later, in case its webhook never arrives.
      const now = (await refundsRepo.byId(tx, row.id))!
      if (now.status === 'pending') await refundsRepo.retryIn(tx, row.id, RECHECK_MS)
    })
  }

  /** Attempts the due rows (only `ids` when given); errors stay with their row. */
  async function send(ids?: string[]): Promise<number> {
    let done = 0
    for (;;) {
      const rows = await refundsRepo.claimDue(db, { limit: 20, leaseMs: LEASE_MS, ids })
      for (const row of rows) {
        try {
          await attempt(row)
        } catch (err) {
          // Not the provider's refusal: the lease makes the row due again later, when the list call adopts.
          log?.error({ err, refund: row.id }, 'refund attempt crashed')
        }
      }
      done += rows.length
      if (ids || rows.length < 20) return done
    }
  }

  return {
    send,

    /**
     * Books a refund of `amount` out of a hire's escrow: `escrow −amount`, `provider:refunds +` what captured
     * payments cover (one row per payment, newest first), `client +` what none covers (seeded or pre-0013 money,
     * settled at once). The provider is called after the commit. False when `idempotencyKey` was used.
     */
    async start(
      tx: Tx,
      m: {
        job: JobRow
        hire: Hire
        amount: number
        idempotencyKey: string
        units: number
        actorId: string | null
        /** Only this captured payment (money it paid beyond what the hire needed). */
        paymentId?: string
      },
    ): Promise<boolean> {
      const { job, hire, amount } = m
      const payments = (await refundsRepo.refundable(tx, hire.scope)).filter(
        (p) => !m.paymentId || p.paymentId === m.paymentId,
      )
      const { parts, unbacked } = planRefund(payments, amount)
      const backed = amount - unbacked
      const posted = await ledgerRepo.post(tx, {
        kind: 'refund',
        jobId: job.id,
        contractId: hire.contract?.id ?? null,
        idempotencyKey: m.idempotencyKey,
        units: m.units,
        actorId: m.actorId,
        legs: [
          { kind: 'escrow', key: hire.escrowKey, amountPaise: -amount },
          { kind: 'provider', key: accountKey.providerRefunds(), amountPaise: backed },
          {
            kind: 'client',
            key: accountKey.client(job.createdBy),
            ownerId: job.createdBy,
            amountPaise: unbacked,
          },
        ],
      })
      if (posted && hire.contract)
        await recordContractEvent(tx, {
          contractId: hire.contract.id,
          kind: 'refunded',
          actorId: m.actorId,
          data: { amountPaise: amount, units: m.units, ...(m.paymentId ? { excess: true } : {}) },
        })
      if (!posted || !parts.length) return posted
      const ledgerTransactionId = await refundsRepo.transactionId(tx, m.idempotencyKey)
      const rows = await refundsRepo.insert(
        tx,
        parts.map((p) => ({
          reference: newReference(),
          ledgerTransactionId,
          jobId: job.id,
          contractId: hire.contract?.id ?? null,
          clientId: p.payerId,
          providerPaymentId: p.paymentId,
          amountPaise: p.amountPaise,
          // The database's clock, as the executor's claim reads it.
          nextAttemptAt: sql`now()`,
        })),
      )
      const ids = rows.map((r) => r.id)
      afterCommit(tx, async () => {
        await send(ids).catch((err) => log?.error({ err }, 'refund send failed'))
      })
      return posted
    },

    /** An operator sends a failed refund again (409 unless it failed); answers with its state after the attempt. */
    async retry(id: string): Promise<RefundRow> {
      if (!isUuid(id)) throw notFound('Refund not found', 'refund_not_found')
      await db.transaction(async (tx) => {
        const row = await refundsRepo.byId(tx, id, true)
        if (!row) throw notFound('Refund not found', 'refund_not_found')
        if (row.status !== 'failed')
          throw conflict(saidKey('errors.refund.notFailed', { status: row.status }), 'refund_not_failed')
        await refundsRepo.update(tx, id, {
          status: 'pending',
          providerRefundId: null,
          failureReason: null,
          attempts: 0,
          nextAttemptAt: new Date(0),
        })
      })
      await send([id])
      return (await refundsRepo.byId(db, id))!
    },
  }
}
export type RefundFlow = ReturnType<typeof refundFlow>
