import type { JobRow, UserRow } from '../../db/schema'
import { forbidden, notFound } from '../../errors'

export type PaymentAction = 'fund' | 'release' | 'refund' | 'viewEscrow' | 'submitWork' | 'requestPayment'

interface Subject {
  job: JobRow | null
  freelancerId: string | null
}

const REFUSALS: Record<PaymentAction, [string, string]> = {
  fund: ['Only the person who posted this job can fund it', 'not_job_owner'],
  release: ['Only the person who posted this job can release its payment', 'not_job_owner'],
  refund: ['Only the person who posted this job can refund its escrow', 'not_job_owner'],
  viewEscrow: ['Only the client and the hired freelancer can see this job’s payments', 'not_job_party'],
  submitWork: ['Only the freelancer hired for this job can submit work', 'not_hired'],
  requestPayment: ['Only the freelancer hired for this job can request payment', 'not_hired'],
}

/** Who may move or see a job's money: the creator funds, releases and refunds; the hired freelancer delivers. */
export function can(user: UserRow | null, action: PaymentAction, s: Subject): boolean {
  if (!user || !s.job) return false
  const creator = s.job.createdBy === user.id
  const hired = !!s.freelancerId && s.freelancerId === user.id
  switch (action) {
    case 'viewEscrow':
      return creator || hired
    case 'submitWork':
    case 'requestPayment':
      return hired
    default:
      return creator
  }
}

/** Throws 404 for a job that does not exist (or a draft of someone else), 403 for an action not allowed. */
export function authorize(
  user: UserRow | null,
  action: PaymentAction,
  s: Subject,
): asserts s is Subject & { job: JobRow } {
  if (!s.job || (s.job.status === 'draft' && s.job.createdBy !== user?.id))
    throw notFound('Job not found', 'job_not_found')
  if (can(user, action, s)) return
  const [message, code] = REFUSALS[action]
  throw forbidden(message, code)
}
