import type { JobAction as MenuAction, JobStatusValue } from '@common/schemas/job'
import type { JobRow } from '../../db/schema'
import { badRequest, conflict } from '../../errors'

export type StatusChange = { status?: JobStatusValue; action?: MenuAction }
type Patch = Partial<Pick<JobRow, 'status' | 'archivedAt'>>

const ACTION_FOR: Record<JobStatusValue, MenuAction> = {
  draft: 'unpublish',
  active: 'publish',
  closed: 'close',
}

/**
 * The job status transitions (draft ⇄ active ⇄ closed, archive on top of any). Answers the columns to change
 * (null when already there) and the message to show; throws a 4xx the poster can act on otherwise.
 */
export function nextStatus(
  job: JobRow,
  change: StatusChange,
  applications: number,
): { patch: Patch | null; message: string } {
  const action = change.action ?? ACTION_FOR[change.status!]
  const same = (status: JobStatusValue, message: string) =>
    job.status === status ? { patch: null, message } : { patch: { status }, message }
  switch (action) {
    case 'publish':
    case 'reopen':
      if (job.archivedAt)
        throw conflict('This job is archived. Restore it from the archive first.', 'job_archived')
      if (job.deadline && job.deadline.getTime() < Date.now())
        throw badRequest('The deadline has passed. Move it to a future date first.', 'deadline_passed')
      return same('active', job.status === 'closed' ? 'Job reopened' : 'Job published')
    case 'unpublish':
      if (job.status !== 'draft' && applications > 0)
        throw conflict(
          'A job with applicants cannot go back to draft. Close it instead.',
          'job_has_applicants',
        )
      if (job.fundedPaise > 0)
        throw conflict('A job with money in escrow cannot go back to draft.', 'job_funded')
      return same('draft', 'Job moved to drafts')
    case 'close':
      return same('closed', 'Job closed')
    case 'archive':
      return job.archivedAt
        ? { patch: null, message: 'Job archived' }
        : {
            patch: { archivedAt: new Date(), ...(job.status === 'active' ? { status: 'closed' } : {}) },
            message: 'Job archived',
          }
    case 'unarchive':
      return { patch: job.archivedAt ? { archivedAt: null } : null, message: 'Job restored from the archive' }
  }
}
