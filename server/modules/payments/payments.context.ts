import type { Db, Executor, Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { badRequest } from '../../errors'
import { isUuid } from '../../lib/ids'
import { notificationsService } from '../notifications/notifications.service'
import type { JobsService } from '../jobs/jobs.service'
import { fundStatusOf, netFundedUnits } from '@common/escrow'
import { ledgerRepo, type JobLedger } from './ledger.repo'
import { authorize } from './payments.policy'
import type { PaymentProvider } from './payments.provider'
import { paymentsRepo } from './payments.repo'

export const jobClosed = (job: JobRow) => job.status === 'closed' || !!job.archivedAt
export const mismatch = () =>
  badRequest('The amount does not match this job’s price. Reload the page and try again.', 'amount_mismatch')

type NotificationType = Parameters<typeof notificationsService.record>[1]['type']

/**
 * Tells the job's client of a money movement and, when someone is hired, its freelancer too (who was counting on the
 * money), each in their own words.
 */
export async function tellBothSides(
  tx: Tx,
  job: JobRow,
  type: NotificationType,
  words: { client: string; freelancer: string },
) {
  await notificationsService.record(tx, {
    userId: job.createdBy,
    type,
    message: words.client,
    metadata: { jobId: job.id },
  })
  const freelancer = await paymentsRepo.acceptedFreelancer(tx, job.id)
  if (freelancer)
    await notificationsService.record(tx, {
      userId: freelancer.id,
      type,
      message: words.freelancer,
      metadata: { jobId: job.id, senderId: job.createdBy },
    })
}

export interface PaymentsDeps {
  db: Db
  jobs: JobsService
  provider: PaymentProvider
  feeBps: number
}

/** What every part of the payments service shares: its dependencies, the job lock, the load-and-authorize step. */
export function paymentsContext(deps: PaymentsDeps) {
  const { db, jobs } = deps

  const lockJob = async (tx: Executor, id: string) => (isUuid(id) ? jobs.lock(id, tx) : null)

  /** Re-derives the job's fund columns from the ledger (net funded after refunds). */
  async function syncJob(tx: Tx, job: JobRow): Promise<JobLedger> {
    const l = await ledgerRepo.forJob(tx, job.id)
    await jobs.setFunding(tx, job.id, {
      fundedPaise: l.funded - l.refunded,
      fundedUnits: netFundedUnits(l),
      fundStatus: fundStatusOf(l),
    })
    return l
  }

  const loadAs = async (
    tx: Executor,
    user: UserRow,
    action: Parameters<typeof authorize>[1],
    jobId: string,
  ) => {
    const job = tx === db ? (isUuid(jobId) ? await jobs.peek(jobId) : null) : await lockJob(tx, jobId)
    const freelancer = job ? await paymentsRepo.acceptedFreelancer(tx, job.id) : null
    const s = { job, freelancerId: freelancer?.id ?? null }
    authorize(user, action, s)
    return { job: s.job!, freelancer }
  }

  return { ...deps, lockJob, syncJob, loadAs }
}
export type PaymentsContext = ReturnType<typeof paymentsContext>
