import { fundStatusOf, inEscrowPaise, netFundedUnits, totalUnitsOf } from '@common/escrow'
import { paiseToRupees } from '@common/money'
import type { EscrowSummaryType } from '@common/schemas/payment'
import type { Executor } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { ledgerRepo } from './ledger.repo'
import type { PaymentsContext } from './payments.context'
import { paymentsRepo } from './payments.repo'

/** A job's escrow figures, and what a user earned and funded across jobs (rupees, as the API answers). */
export function paymentSummaries(ctx: PaymentsContext) {
  const { db, loadAs } = ctx

  async function summaryOf(ex: Executor, job: JobRow): Promise<EscrowSummaryType> {
    const l = await ledgerRepo.forJob(ex, job.id)
    const freelancer = await paymentsRepo.acceptedFreelancer(ex, job.id)
    const events = freelancer ? await paymentsRepo.workEvents(ex, job.id, freelancer.id) : []
    return {
      jobId: job.id,
      title: job.title,
      paymentType: job.paymentType,
      fundStatus: fundStatusOf(l),
      total: paiseToRupees(job.totalPaise),
      funded: paiseToRupees(l.funded),
      released: paiseToRupees(l.released),
      refunded: paiseToRupees(l.refunded),
      inEscrow: paiseToRupees(inEscrowPaise(l)),
      fees: paiseToRupees(l.fees),
      fundedUnits: netFundedUnits(l),
      releasedUnits: l.releasedUnits,
      totalUnits: totalUnitsOf(job),
      freelancer: freelancer
        ? { _id: freelancer.id, fullname: freelancer.fullname, userId: freelancer.userId }
        : null,
      workSubmitted: events.some((e) => e.kind === 'submit_work'),
      paymentRequested: events.some((e) => e.kind === 'request_payment'),
    }
  }

  return {
    summaryOf,

    async summary(user: UserRow, jobId: string) {
      const { job } = await loadAs(db, user, 'viewEscrow', jobId)
      return summaryOf(db, job)
    },

    async earnings(user: UserRow) {
      const rows = await ledgerRepo.earningsOf(db, user.id)
      const jobsFunded = await ledgerRepo.fundingOf(db, user.id)
      const total = (k: 'funded' | 'released' | 'refunded' | 'inEscrow') =>
        paiseToRupees(jobsFunded.reduce((s, j) => s + j[k], 0))
      const rupees = (j: (typeof jobsFunded)[number]) => ({
        jobId: j.jobId,
        title: j.title,
        funded: paiseToRupees(j.funded),
        released: paiseToRupees(j.released),
        refunded: paiseToRupees(j.refunded),
        inEscrow: paiseToRupees(j.inEscrow),
      })
      return {
        earned: paiseToRupees(rows.reduce((s, r) => s + r.earned, 0)),
        jobs: rows.map((r) => ({
          jobId: r.jobId,
          title: r.title,
          earned: paiseToRupees(r.earned),
          fees: paiseToRupees(r.fees),
        })),
        funding: {
          funded: total('funded'),
          released: total('released'),
          refunded: total('refunded'),
          inEscrow: total('inEscrow'),
          jobs: jobsFunded.map(rupees),
        },
      }
    },
  }
}
export type PaymentSummaries = ReturnType<typeof paymentSummaries>
