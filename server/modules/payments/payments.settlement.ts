import { inEscrowPaise, unitsInEscrow } from '@common/escrow'
import type { Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { contractsRepo } from '../contracts/contracts.repo'
import { ledgerRepo } from './ledger.repo'
import { disputed, hireOf, tellBothSides, type Hire, type PaymentsContext } from './payments.context'
import type { PaymentRelease } from './payments.release'
import type { PaymentSummaries } from './payments.summaries'
import { refundFlow } from './refunds'
import { answerMessage, money } from '../../i18n'

/** Money out of escrow: release to the hired freelancer (split with its taxes) and refund to the client. */
export function paymentSettlement(
  ctx: PaymentsContext,
  { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>,
  releaser: Pick<PaymentRelease, 'release'>,
) {
  const { syncJob, loadHire, lockJob } = ctx
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
        client: {
          key: 'notifications.escrow.refundedClient',
          params: { amount: money(amount), title: job.title },
        },
        freelancer: {
          key: 'notifications.escrow.refundedFreelancer',
          params: { amount: money(amount), title: job.title },
        },
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
    // A contract in dispute keeps its escrow until the dispute ends: the job cannot be closed, archived or deleted.
    for (const c of all)
      if (c.frozenAt && inEscrowPaise(await ledgerRepo.forScope(tx, hireOf(job, c).scope)) > 0)
        throw disputed()
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

    /**
     * A refund the system makes (a dispute's split, ADR 058): all that is left in the contract's escrow goes back to
     * the client through the same path as a client's refund, without a user check and without looking at
     * `contracts.frozen_at` (the caller decides). Runs under the job's lock, taken here; the paise refunded.
     */
    async refundBySystem(tx: Tx, input: { contractId: string; actorId: string | null }): Promise<number> {
      const found = await contractsRepo.byId(tx, input.contractId)
      if (!found) throw notFound('Contract not found', 'contract_not_found')
      const job = await lockJob(tx, found.jobId)
      if (!job) throw notFound('Job not found', 'job_not_found')
      const contract = (await contractsRepo.byId(tx, found.id))!
      return refundHire(tx, job, hireOf(job, contract), input.actorId)
    },

    /** Pays the hired freelancer from escrow, split into fee, taxes and net (payments.release.ts, ADR 050). */
    release: (tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string; units?: number }) =>
      releaser.release(tx, user, input),

    async refund(tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string }) {
      const { job, hire } = await loadHire(tx, user, 'refund', input)
      const amount = await refundHire(tx, job, hire, user.id)
      if (!amount) throw conflict('There is no money in escrow to refund', 'nothing_in_escrow')
      return {
        success: true as const,
        ...answerMessage('answers.payments.refunded', { amount: money(amount) }),
        contractId: hire.contract?.id ?? null,
        data: await summaryOf(tx, job),
      }
    },
  }
}
