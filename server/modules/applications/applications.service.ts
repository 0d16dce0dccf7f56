import {
  DECIDABLE_STATUSES,
  DEFAULT_COVER_LETTER,
  type ApplicationStatusValue,
} from '@common/schemas/application'
import crypto from 'node:crypto'
import type { Db, Executor } from '../../db/client'
import type { ApplicationRow, ContractRow, JobRow, UserRow } from '../../db/schema'
import { conflict, forbidden, notFound, said } from '../../errors'
import { contractsRepo } from '../contracts/contracts.repo'
import type { JobsService } from '../jobs/jobs.service'
import { notificationsService } from '../notifications/notifications.service'
import { findUpload } from '../uploads/uploads.service'
import { authorize, authorizeResume, seesApplicantContact, uploadedFileName } from './applications.policy'
import { applicationsRepo, type ApplicantRow, type MyApplicationRow } from './applications.repo'

type ApplicantContact = NonNullable<Awaited<ReturnType<typeof applicationsRepo.contactOf>>>

const isUniqueViolation = (e: any) => e?.code === '23505' || e?.cause?.code === '23505'
const notFoundApp = () => notFound('Application not found', 'application_not_found')
/** Money paid into a contract and not refunded: held, or released to the freelancer. */
const paidIn = (c: ContractRow) => c.fundedPaise - c.refundedPaise

/**
 * Whether money is paid into this contract: its own, or — for the contract holding the job's escrow account — the
 * job's money that no other contract accounts for (paid in before the hire).
 */
async function hasMoney(tx: Executor, c: ContractRow, job: Pick<JobRow, 'fundedPaise'> | null) {
  if (paidIn(c) > 0) return true
  if (!c.holdsJobEscrow || !job) return false
  const others = (await contractsRepo.ofJob(tx, c.jobId, true)).filter((o) => o.id !== c.id)
  return job.fundedPaise - others.reduce((sum, o) => sum + paidIn(o), 0) > 0
}
const openingsFilled = (openings: number) =>
  conflict(
    openings === 1
      ? 'This job has 1 opening and it is filled. Raise the openings or reject someone first.'
      : `This job has ${openings} openings and all are filled. Raise the openings or reject someone first.`,
    'openings_filled',
  )

/** Applying, the applicant's list, the poster's applicants and decisions, withdrawal. */
export function applicationsService(deps: { db: Db; jobs: JobsService }) {
  const { db, jobs } = deps

  return {
    async apply(
      user: UserRow,
      jobId: string,
      body: { resume: string | null; coverLetter: string },
    ): Promise<ApplicationRow> {
      try {
        return await db.transaction(async (tx) => {
          const job = await jobs.loadFor(user, 'apply', jobId, tx)
          authorize(user, 'apply', { job })
          if (body.resume) {
            const fileName = uploadedFileName(body.resume)
            authorizeResume(user, body.resume, fileName ? await findUpload(tx, fileName) : null)
          }
          const application = await applicationsRepo.insert(tx, {
            jobId,
            applicantId: user.id,
            resume: body.resume ?? user.resume ?? null,
            coverLetter: body.coverLetter || DEFAULT_COVER_LETTER,
          })
          await notificationsService.record(tx, {
            userId: job.createdBy,
            type: 'application',
            key: 'notifications.application.new',
            params: { name: user.fullname, title: job.title },
            metadata: { jobId, applicantId: user.id, senderId: user.id },
          })
          return application
        })
      } catch (e) {
        // The unique (job, applicant) constraint decides, so two quick clicks still make one application.
        if (isUniqueViolation(e)) throw conflict('You have already applied to this job', 'already_applied')
        throw e
      }
    },

    async mine(user: UserRow): Promise<MyApplicationRow[]> {
      return applicationsRepo.ofApplicant(db, user.id)
    },

    async applicants(user: UserRow, jobId: string): Promise<{ title: string; rows: ApplicantRow[] }> {
      const job = await jobs.loadFor(user, 'viewApplicants', jobId)
      return { title: job.title, rows: await applicationsRepo.ofJob(db, jobId) }
    },

    /**
     * The poster accepts or rejects; the applicant gets a notification row in the same transaction. Accepting
     * answers with the applicant's contact details, which the poster may see from then on (ADR 041).
     */
    async decide(
      user: UserRow,
      applicationId: string,
      status: ApplicationStatusValue,
    ): Promise<{ application: ApplicationRow; message: string; contact: ApplicantContact | null }> {
      const decided = await db.transaction(async (tx) => {
        const current = await applicationsRepo.lock(tx, applicationId)
        if (!current) throw notFoundApp()
        const job = await jobs.loadFor(user, 'decide', current.jobId, tx)
        if (!(DECIDABLE_STATUSES as readonly string[]).includes(status))
          throw forbidden(said('errors.apply.statusNotHere', { status }), 'status_not_allowed')
        const message = status === 'accepted' ? 'Application accepted' : 'Application rejected'
        if (current.status === status) return { application: current, message }
        // Accepting is a hire: a contract on the job's terms, within the job's openings (ADR 048). The job row is
        // locked, so two accepts at once count each other's contract.
        if (status === 'accepted') {
          const active = await contractsRepo.ofJob(tx, job.id)
          if (active.length >= job.openings) throw openingsFilled(job.openings)
          await contractsRepo.create(tx, {
            id: crypto.randomUUID(),
            job,
            applicationId: current.id,
            freelancerId: current.applicantId,
            holdsJobEscrow: !(await contractsRepo.jobEscrowHeld(tx, job.id)),
          })
        }
        if (current.status === 'accepted') {
          // The hired freelancer keeps the job while money paid into their contract is held or released to them.
          const contract = await contractsRepo.activeOfApplication(tx, current.id)
          if (contract && (await hasMoney(tx, contract, job)))
            throw conflict(
              'Money is in escrow for this freelancer on this job. Refund it before rejecting them.',
              'application_funded',
            )
          if (contract) await contractsRepo.end(tx, contract.id)
        }
        const application = await applicationsRepo.setStatus(tx, applicationId, status)
        await notificationsService.record(
          tx,
          status === 'accepted'
            ? {
                userId: current.applicantId,
                type: 'application_accepted',
                key: 'notifications.application.accepted',
                params: { title: job.title, name: user.fullname },
                metadata: { employerId: user.id, jobId: job.id },
              }
            : {
                userId: current.applicantId,
                type: 'application_rejected',
                key: 'notifications.application.rejected',
                params: { title: job.title },
                metadata: { jobId: job.id, employerId: user.id },
              },
        )
        return { application, message }
      })
      const contact = seesApplicantContact(user, decided.application)
        ? await applicationsRepo.contactOf(db, decided.application.applicantId)
        : null
      return { ...decided, contact }
    },

    async withdraw(user: UserRow, applicationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const application = await applicationsRepo.lock(tx, applicationId)
        if (!application) throw notFoundApp()
        authorize(user, 'withdraw', { application })
        const contract = await contractsRepo.activeOfApplication(tx, application.id)
        if (contract && (await hasMoney(tx, contract, await jobs.peek(application.jobId, tx))))
          throw conflict(
            'You were accepted and money is in escrow for this job. Ask the client to release or refund it first.',
            'application_funded',
          )
        if (contract) await contractsRepo.end(tx, contract.id)
        await applicationsRepo.remove(tx, applicationId)
      })
    },
  }
}
export type ApplicationsService = ReturnType<typeof applicationsService>
