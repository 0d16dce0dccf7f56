import { inEscrowPaise, unitsInEscrow } from '@common/escrow'
import { formatPaise } from '@common/money'
import type { Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { conflict } from '../../errors'
import { contractsRepo } from '../contracts/contracts.repo'
import { ledgerRepo } from './ledger.repo'
import { hireOf, tellBothSides, type Hire, type PaymentsContext } from './payments.context'
import type { PaymentRelease } from './payments.release'
import type { PaymentSummaries } from './payments.summaries'
import { refundFlow } from './refunds'

/** Money out of escrow: release to the hired freelancer (split with its taxes) and refund to the client. */
export function paymentSettlement(
  ctx: PaymentsContext,
  { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>,
  releaser: Pick<PaymentRelease, 'release'>,
) {
  const { syncJob, loadHire } = ctx
  const refunds = refundFlow(ctx)

  /** Returns one hire's unreleased escrow (or the job's, before a hire) to the client. */
  async function refundHire(tx: Tx, job: JobRow, hire: Hire, actorId: string | null): Promise<number> {
    const l = await ledgerRepo.forScope(tx, hire.scope)
    const amount = inEscrowPaise(l)
    if (amount <= 0) return 0
    // Booked on its way to the payer's card or UPI; the provider is called after the commit (ADR 050).
    const n = await refunds.start(tx, {
      job,
      hire,
      amount,
      idempotencyKey: `refund:${hire.scopeKey}:${l.funded}:${l.refunded}:${l.released}`,
      units: Math.max(0, unitsInEscrow(l)),
      actorId,
    })
    if (!n) return 0
    await syncJob(tx, job)
    await tellBothSides(
      tx,
      job,
      'payment_refunded',
      {
        client: `${formatPaise(amount)} in escrow for “${job.title}” was refunded to you`,
        freelancer: `${formatPaise(amount)} held in escrow for “${job.title}” went back to the client`,
      },
      hire.contract,
    )
    return amount
  }

  /**
   * Returns all unreleased escrow of a job to its client (job closed, archived or deleted): every contract's, and
   * the job's own when no contract holds it.
   */
  async function refundUnreleased(tx: Tx, job: JobRow, actorId: string | null): Promise<number> {
    const all = await contractsRepo.ofJob(tx, job.id, true)
    const hires = all.map((c) => hireOf(job, c))
    if (!all.some((c) => c.holdsJobEscrow)) hires.push(hireOf(job, null))
    let total = 0
    for (const hire of hires) total += await refundHire(tx, job, hire, actorId)
    return total
  }

  return {
    refundUnreleased,
    /** The refund executor: the scheduled sweep and operators' retries. */
    refunds,

    /** Pays the hired freelancer from escrow, split into fee, taxes and net (payments.release.ts, ADR 050). */
    release: (tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string; units?: number }) =>
      releaser.release(tx, user, input),

    async refund(tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string }) {
      const { job, hire } = await loadHire(tx, user, 'refund', input)
      const amount = await refundHire(tx, job, hire, user.id)
      if (!amount) throw conflict('There is no money in escrow to refund', 'nothing_in_escrow')
      return {
        success: true as const,
        message: `Refunded ${formatPaise(amount)} from escrow`,
        contractId: hire.contract?.id ?? null,
        data: await summaryOf(tx, job),
      }
    },
  }
}
