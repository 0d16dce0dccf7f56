import type { ApplicationRow, JobRow, UserRow } from '../../db/schema'
import { conflict, forbidden } from '../../errors'

export type ApplicationAction = 'apply' | 'withdraw'

/** Why `user` may not apply to `job` (already known to be visible to them), or null when they may. */
function applyRefusal(user: UserRow, job: JobRow) {
  if (job.createdBy === user.id) return forbidden('You cannot apply to your own job', 'own_job')
  if (job.status !== 'active' || job.archivedAt)
    return conflict('This job is closed and no longer takes applications', 'job_closed')
  if (job.deadline && job.deadline.getTime() < Date.now())
    return conflict('The deadline for this job has passed', 'deadline_passed')
  return null
}

export function can(
  user: UserRow,
  action: ApplicationAction,
  target: { job?: JobRow; application?: ApplicationRow },
): boolean {
  if (action === 'apply') return !applyRefusal(user, target.job!)
  return target.application?.applicantId === user.id
}

/** Throws the 4xx that tells the user why not. Deciding on applications is the job's policy ('decide'). */
export function authorize(
  user: UserRow,
  action: ApplicationAction,
  target: { job?: JobRow; application?: ApplicationRow },
): void {
  if (action === 'apply') {
    const refusal = applyRefusal(user, target.job!)
    if (refusal) throw refusal
    return
  }
  if (!can(user, action, target))
    throw forbidden('Only the applicant can withdraw this application', 'not_applicant')
}

/**
 * Whether the job's poster, reading its applicants, sees this applicant's email and phone number (ADR 041): only
 * once they have accepted them. Anyone may post a job, so a pending or rejected application hands out nothing the
 * profile keeps private (ADR 035). Operators see them anyway, as they do on profiles.
 */
export function seesApplicantContact(viewer: UserRow, application: Pick<ApplicationRow, 'status'>): boolean {
  return application.status === 'accepted' || viewer.role === 'admin'
}
