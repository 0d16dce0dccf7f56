import { inEscrowPaise, releaseAmountOf, unitsInEscrow, unitsNoun } from '@common/escrow'
import { formatPaise } from '@common/money'
import type { Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import { contractsRepo } from '../contracts/contracts.repo'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo } from './ledger.repo'
import { hireOf, tellBothSides, type Hire, type PaymentsContext } from './payments.context'
import { paymentsRepo } from './payments.repo'
import type { PaymentSummaries } from './payments.summaries'

/** Money out of escrow: release to the hired freelancer (less the platform's fee) and refund to the client. */
export function paymentSettlement(ctx: PaymentsContext, { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>) {
  const { feeBps, syncJob, loadHire } = ctx

  /** Returns one hire's unreleased escrow (or the job's, before a hire) to the client. */
  async function refundHire(tx: Tx, job: JobRow, hire: Hire, actorId: string | null): Promise<number> {
    const l = await ledgerRepo.forScope(tx, hire.scope)
    const amount = inEscrowPaise(l)
    if (amount <= 0) return 0
    const n = await ledgerRepo.post(tx, {
      kind: 'refund',
      jobId: job.id,
      contractId: hire.contract?.id ?? null,
      idempotencyKey: `refund:${hire.scopeKey}:${l.funded}:${l.refunded}:${l.released}`,
      units: Math.max(0, unitsInEscrow(l)),
      actorId,
      legs: [
        { kind: 'escrow', key: hire.escrowKey, amountPaise: -amount },
        {
          kind: 'client',
          key: accountKey.client(job.createdBy),
          ownerId: job.createdBy,
          amountPaise: amount,
        },
      ],
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

    /** Pays the hired freelancer from escrow: `units` of it (clamped) or all; the platform keeps its fee. */
    async release(tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string; units?: number }) {
      const { job, hire } = await loadHire(tx, user, 'release', input)
      const contract = hire.contract
      if (!contract || contract.status !== 'active')
        throw conflict('Accept a freelancer for this job before releasing payment', 'no_freelancer')
      const freelancer = (await paymentsRepo.person(tx, contract.freelancerId))!
      const l = await ledgerRepo.forScope(tx, hire.scope)
      const held = inEscrowPaise(l)
      const heldUnits = unitsInEscrow(l)
      if (held <= 0) throw conflict('There is no money in escrow to release', 'nothing_in_escrow')
      let units = heldUnits
      let amount = held
      if (contract.paymentType !== 'one-time' && input.units !== undefined) {
        if (input.units < 1)
          throw badRequest(`Choose from 1 to ${heldUnits} ${unitsNoun(contract)}`, 'validation_failed', {
            units: `Choose from 1 to ${heldUnits} ${unitsNoun(contract)}`,
          })
        units = Math.min(input.units, heldUnits)
        amount = releaseAmountOf(contract, { paise: held, units: heldUnits }, units)
      }
      const fee = Math.floor((amount * feeBps) / 10_000)
      await ledgerRepo.post(tx, {
        kind: 'release',
        jobId: job.id,
        contractId: contract.id,
        idempotencyKey: `release:${hire.scopeKey}:${l.released}:${l.releasedUnits}`,
        units,
        actorId: user.id,
        legs: [
          { kind: 'escrow', key: hire.escrowKey, amountPaise: -amount },
          {
            kind: 'freelancer',
            key: accountKey.freelancer(freelancer.id),
            ownerId: freelancer.id,
            amountPaise: amount - fee,
          },
          { kind: 'platform', key: accountKey.platform(), amountPaise: fee },
        ],
      })
      await syncJob(tx, job)
      await notificationsService.record(tx, {
        userId: freelancer.id,
        type: 'payment_released',
        message: `${formatPaise(amount - fee)} was released to you for “${job.title}”`,
        metadata: { jobId: job.id, contractId: contract.id, senderId: user.id },
      })
      return {
        success: true as const,
        message: `Released ${formatPaise(amount)} to ${freelancer.fullname}`,
        contractId: contract.id,
        data: await summaryOf(tx, job),
      }
    },

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
