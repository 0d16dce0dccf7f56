import { isOperator, isPosterRole } from '@common/roles'
import type { JobRow, UserRow } from '../../db/schema'
import { conflict, forbidden, notFound } from '../../errors'

export type JobAction =
  'create' | 'view' | 'apply' | 'update' | 'changeStatus' | 'delete' | 'viewApplicants' | 'decide'

const isCreator = (user: UserRow | null, job: JobRow | null) => !!user && !!job && job.createdBy === user.id

/**
 * Who may do what with a job (product.md §2: only the creator manages a job). `applied`: the user has an
 * application on the job (it keeps an archived job readable to them).
 */
export function can(
  user: UserRow | null,
  action: JobAction,
  job: JobRow | null = null,
  applied = false,
): boolean {
  switch (action) {
    case 'create':
      return !!user && isPosterRole(user)
    case 'view':
      // Drafts exist only for their creator. Archived jobs leave the lists, but stay readable to the creator and to
      // those who applied: their Applied Jobs, notifications and chat panel lead to the job. A job held for review
      // (ADR 056) is seen by its creator and by operators only.
      if (!job) return false
      if (isCreator(user, job)) return true
      if (job.status === 'draft') return false
      if (job.moderationStatus !== 'clear') return !!user && isOperator(user)
      return !job.archivedAt || applied
    case 'apply':
      // Who may apply is the applications policy's to say; a held job is refused in `authorize`.
      return true
    default:
      return isCreator(user, job)
  }
}

const REFUSALS: Record<Exclude<JobAction, 'view' | 'apply'>, [string, string]> = {
  create: ['Only clients can post jobs. Switch to hiring from your profile menu to post one.', 'wrong_role'],
  update: ['Only the person who posted this job can edit it', 'not_job_owner'],
  changeStatus: ['Only the person who posted this job can change its status', 'not_job_owner'],
  delete: ['Only the person who posted this job can delete it', 'not_job_owner'],
  viewApplicants: ['Only the person who posted this job can see its applicants', 'not_job_owner'],
  decide: ['Only the person who posted this job can accept or reject applicants', 'not_job_owner'],
}

/** Throws 404 for a job the user may not even see, 403 for an action they may not take. */
export function authorize(
  user: UserRow | null,
  action: JobAction,
  job: JobRow | null = null,
  applied = false,
): void {
  // Someone with a held job's link is told why they cannot apply yet, rather than that it does not exist.
  if (
    action === 'apply' &&
    job &&
    job.status !== 'draft' &&
    job.moderationStatus !== 'clear' &&
    !isCreator(user, job)
  )
    throw conflict(
      job.moderationStatus === 'held'
        ? 'This job is being reviewed by Microlance and does not take applications yet'
        : 'This job was taken down by Microlance and does not take applications',
      'job_held',
    )
  if (action !== 'create' && !can(user, 'view', job, applied))
    throw notFound('Job not found', 'job_not_found')
  if (action === 'view' || action === 'apply' || can(user, action, job)) return
  const [message, code] = REFUSALS[action]
  throw forbidden(message, code)
}
