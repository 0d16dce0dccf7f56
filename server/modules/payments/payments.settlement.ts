import { inEscrowPaise, releaseAmountOf, unitsInEscrow, unitsNoun } from '@common/escrow'
import { formatPaise } from '@common/money'
import type { Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict } from '../../errors'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo } from './ledger.repo'
import { tellBothSides, type PaymentsContext } from './payments.context'
import type { PaymentSummaries } from './payments.summaries'

/** Money out of escrow: release to the hired freelancer (less the platform's fee) and refund to the client. */
export function paymentSettlement(ctx: PaymentsContext, { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>) {
  const { feeBps, syncJob, loadAs } = ctx

  /** Returns all unreleased escrow of a job to its client (job closed, archived, deleted or refund asked). */
  async function refundUnreleased(tx: Tx, job: JobRow, actorId: string | null): Promise<number> {
    const l = await ledgerRepo.forJob(tx, job.id)
    const amount = inEscrowPaise(l)
    if (amount <= 0) return 0
    const n = await ledgerRepo.post(tx, {
      kind: 'refund',
      jobId: job.id,
      idempotencyKey: `refund:${job.id}:${l.funded}:${l.refunded}:${l.released}`,
      units: Math.max(0, unitsInEscrow(l)),
      actorId,
      legs: [
        { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: -amount },
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
    await tellBothSides(tx, job, 'payment_refunded', {
      client: `${formatPaise(amount)} in escrow for “${job.title}” was refunded to you`,
      freelancer: `${formatPaise(amount)} held in escrow for “${job.title}” went back to the client`,
    })
    return amount
  }

  return {
    refundUnreleased,

    /** Pays the hired freelancer from escrow: `units` of it (clamped) or all; the platform keeps its fee. */
    async release(tx: Tx, user: UserRow, input: { jobId: string; units?: number }) {
      const { job, freelancer } = await loadAs(tx, user, 'release', input.jobId)
      if (!freelancer)
        throw conflict('Accept a freelancer for this job before releasing payment', 'no_freelancer')
      const l = await ledgerRepo.forJob(tx, job.id)
      const held = inEscrowPaise(l)
      const heldUnits = unitsInEscrow(l)
      if (held <= 0) throw conflict('There is no money in escrow to release', 'nothing_in_escrow')
      let units = heldUnits
      let amount = held
      if (job.paymentType !== 'one-time' && input.units !== undefined) {
        if (input.units < 1)
          throw badRequest(`Choose from 1 to ${heldUnits} ${unitsNoun(job)}`, 'validation_failed', {
            units: `Choose from 1 to ${heldUnits} ${unitsNoun(job)}`,
          })
        units = Math.min(input.units, heldUnits)
        amount = releaseAmountOf(job, { paise: held, units: heldUnits }, units)
      }
      const fee = Math.floor((amount * feeBps) / 10_000)
      await ledgerRepo.post(tx, {
        kind: 'release',
        jobId: job.id,
        idempotencyKey: `release:${job.id}:${l.released}:${l.releasedUnits}`,
        units,
        actorId: user.id,
        legs: [
          { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: -amount },
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
        metadata: { jobId: job.id, senderId: user.id },
      })
      return {
        success: true as const,
        message: `Released ${formatPaise(amount)} to ${freelancer.fullname}`,
        data: await summaryOf(tx, job),
      }
    },

    async refund(tx: Tx, user: UserRow, input: { jobId: string }) {
      const { job } = await loadAs(tx, user, 'refund', input.jobId)
      const amount = await refundUnreleased(tx, job, user.id)
      if (!amount) throw conflict('There is no money in escrow to refund', 'nothing_in_escrow')
      return {
        success: true as const,
        message: `Refunded ${formatPaise(amount)} from escrow`,
        data: await summaryOf(tx, job),
      }
    },
  }
}
