import type { FastifyBaseLogger } from 'fastify'
import type { OperatorMoneyDto, ReconciliationRunAnswerDto } from '@common/schemas/operator-money'
import type { Db } from '../../db/client'
import { contractEscrow, invoiceSerials, ledgerBalanced, paymentsFunded } from './ledger-checks'
import { payoutSplits, refundsSettled, transfersBooked } from './money-out-checks'
import { compareItems, type OurItem, type ProviderLedger } from './provider-ledger'
import { presentMismatch, presentMoneyOut, presentRun } from './reconciliation.presenter'
import { reconciliationRepo as repo } from './reconciliation.repo'
import type { CheckResult, Mismatch } from './reconciliation.types'

/** The database checks, in the order their mismatches are listed. */
const CHECKS = [
  ledgerBalanced,
  contractEscrow,
  paymentsFunded,
  refundsSettled,
  payoutSplits,
  transfersBooked,
  invoiceSerials,
]

const HOUR = 60 * 60 * 1000

/**
 * The daily reconciliation (ADR 053): the ledger against our money-out rows, and those rows against the provider's
 * lists. Every run is a `reconciliation_runs` row with its mismatches, including one that failed part-way.
 */
export function reconciliationService(deps: {
  db: Db
  provider: ProviderLedger
  log?: FastifyBaseLogger
  /** Whether the retry routes exist (they come with the refund and transfer executors). */
  retry?: () => { refunds: boolean; transfers: boolean }
}) {
  const { db, provider } = deps
  let running: Promise<ReconciliationRunAnswerDto> | null = null

  /** Our rows of each captured payment against the provider's own list of its refunds and transfers. */
  async function providerSide(
    paymentIds: string[],
    refunds: (OurItem & { paymentId: string })[],
    transfers: (OurItem & { paymentId: string })[],
  ): Promise<CheckResult> {
    const mismatches: Mismatch[] = []
    for (const paymentId of paymentIds) {
      try {
        const [theirRefunds, theirTransfers] = await Promise.all([
          provider.listRefunds(paymentId),
          provider.listTransfers(paymentId),
        ])
        const of = (rows: typeof refunds) => rows.filter((r) => r.paymentId === paymentId)
        let found = [
          ...compareItems('refund', paymentId, of(refunds), theirRefunds),
          ...compareItems('transfer', paymentId, of(transfers), theirTransfers),
        ]
        // Our rows were read before the provider's lists: a row made (or answered) since would look unknown to us
        // or different, so those are judged again against our rows as they are now. "Missing" stays judged on the
        // earlier rows, which the provider's later list must include.
        if (found.some((m) => !m.kind.endsWith('_missing'))) {
          const now = await repo.moneyOutOfPayment(db, paymentId)
          found = [
            ...found.filter((m) => m.kind.endsWith('_missing')),
            ...[
              ...compareItems('refund', paymentId, now.refunds, theirRefunds),
              ...compareItems('transfer', paymentId, now.transfers, theirTransfers),
            ].filter((m) => !m.kind.endsWith('_missing')),
          ]
        }
        mismatches.push(...found)
      } catch (err) {
        mismatches.push({
          kind: 'provider_unreachable',
          subject: paymentId,
          expected: null,
          actual: null,
          detail: `The provider's refunds and transfers of this payment could not be read: ${
            err instanceof Error ? err.message : String(err)
          }`.slice(0, 500),
        })
      }
    }
    return { checked: paymentIds.length, mismatches }
  }

  async function runOnce(): Promise<ReconciliationRunAnswerDto> {
    const started = await repo.startRun(db)
    let checked = 0
    const mismatches: Mismatch[] = []
    let error: string | null = null
    try {
      const { results, ours } = await db.transaction(async (tx) => {
        await repo.snapshot(tx)
        const results: CheckResult[] = []
        for (const check of CHECKS) results.push(await check(tx))
        return { results, ours: await repo.paymentsWithMoneyOut(tx) }
      })
      // The provider is asked after the snapshot's transaction: no connection is held across its calls.
      results.push(await providerSide(ours.paymentIds, ours.refunds, ours.transfers))
      for (const r of results) {
        checked += r.checked
        mismatches.push(...r.mismatches)
      }
    } catch (err) {
      deps.log?.error({ err }, 'reconciliation failed')
      error = err instanceof Error ? err.message.slice(0, 500) : 'The reconciliation failed'
    }
    const run = await repo.finishRun(db, started.id, { checked, mismatches, error })
    if (mismatches.length) deps.log?.warn({ run: run.id, mismatches: mismatches.length }, 'ledger mismatches')
    return {
      success: true,
      run: presentRun(run),
      mismatches: (await repo.mismatchesOf(db, run.id)).map(presentMismatch),
    }
  }

  return {
    /** Runs every check now; a second call while one runs in this process gets the same run. */
    run(): Promise<ReconciliationRunAnswerDto> {
      running ??= runOnce().finally(() => {
        running = null
      })
      return running
    },

    /** GET /admin/money: the latest run and its mismatches, failed refunds and transfers, and stuck ones. */
    async overview(): Promise<OperatorMoneyDto> {
      const last = await repo.lastRun(db)
      const [failedRefunds, failedTransfers, stuckRefunds, stuckTransfers] = await Promise.all([
        repo.moneyOut(db, 'refunds', 'failed'),
        repo.moneyOut(db, 'transfers', 'failed'),
        repo.moneyOut(db, 'refunds', 'pending', HOUR),
        repo.moneyOut(db, 'transfers', 'pending', HOUR),
      ])
      return {
        success: true,
        lastRun: last ? presentRun(last) : null,
        mismatches: last ? (await repo.mismatchesOf(db, last.id)).map(presentMismatch) : [],
        failedRefunds: failedRefunds.map((r) => presentMoneyOut('refund', r)),
        failedTransfers: failedTransfers.map((r) => presentMoneyOut('transfer', r)),
        stuck: [
          ...stuckRefunds.map((r) => presentMoneyOut('refund', r)),
          ...stuckTransfers.map((r) => presentMoneyOut('transfer', r)),
        ].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
        retry: deps.retry?.() ?? { refunds: false, transfers: false },
      }
    },
  }
}
export type ReconciliationService = ReturnType<typeof reconciliationService>
