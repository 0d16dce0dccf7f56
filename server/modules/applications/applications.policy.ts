import { isOperator } from '@common/roles'
import type { ApplicationRow, JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict, forbidden } from '../../errors'

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
  return application.status === 'accepted' || isOperator(viewer)
}

const UPLOADED_FILE = /^\/uploads\/([^/]+)\/?$/

/**
 * The name of the file a link points at under /uploads/, whether written as a path or as a full address (any host:
 * this server has more than one name, and file names are random, so no other site's file shares one), or null.
 */
export function uploadedFileName(link: string): string | null {
  let path = link
  if (!link.startsWith('/')) {
    try {
      path = decodeURIComponent(new URL(link).pathname)
    } catch {
      return null
    }
  }
  return UPLOADED_FILE.exec(path)?.[1] ?? null
}

/**
 * Throws unless `user` may attach `resume` to an application: a web address elsewhere, the resume on their own
 * profile, or a file they uploaded themself. `upload` is the uploads row the link names, if any. Someone else's
 * file is refused, however the link is written, and so is a path to no file: an application must not pass another
 * member's resume off as the applicant's.
 */
export function authorizeResume(user: UserRow, resume: string, upload: { ownerId: string } | null): void {
  const fileName = uploadedFileName(resume)
  if (!fileName || fileName === uploadedFileName(user.resume ?? '')) return
  if (upload ? upload.ownerId === user.id : !resume.startsWith('/')) return
  throw badRequest(
    'That resume is not one of your uploads. Attach the resume on your profile or a file you uploaded.',
    'resume_not_yours',
  )
}
