import { asc, eq, sql } from 'drizzle-orm'
import { detectPayToApply, heldReason } from '@common/safety'
import type { HeldJobItem } from '@common/schemas/report'
import type { Db, Executor } from '../../db/client'
import { jobs, users, type JobRow, type UserRow } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { notificationsService } from '../notifications/notifications.service'

type Moderation = Pick<JobRow, 'moderationStatus' | 'moderationReason' | 'moderationNote'>

/**
 * The moderation columns for a job's text (ADR 056): held when it asks applicants to pay. An edit of a job an operator
 * approved keeps it public while its title and description stay as approved; any other edit is judged anew (fixing
 * the text of a held or rejected job makes it public again).
 */
export function moderationFor(
  text: { title: string; description: string },
  before?: Pick<JobRow, 'title' | 'description' | 'moderationStatus' | 'moderatedAt'>,
): Moderation | null {
  const phrase = detectPayToApply(`${text.title}\n${text.description}`)
  if (!phrase) {
    if (!before || before.moderationStatus === 'clear') return null
    return { moderationStatus: 'clear', moderationReason: null, moderationNote: null }
  }
  const approvedAsIs =
    before?.moderationStatus === 'clear' &&
    !!before.moderatedAt &&
    before.title === text.title &&
    before.description === text.description
  if (approvedAsIs) return null
  return { moderationStatus: 'held', moderationReason: heldReason(phrase), moderationNote: null }
}

const HELD_MAX = 200

/** The operators' queue of held jobs: approve (it goes live) or reject (with a reason shown to the poster). */
export function jobModerationService(deps: { db: Db }) {
  const { db } = deps
  const lockHeld = async (tx: Executor, id: string) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update')
    if (!job) throw notFound('Job not found', 'job_not_found')
    if (job.moderationStatus !== 'held')
      throw conflict('This job is not waiting for review (someone may have decided already)', 'job_not_held')
    return job
  }
  const decide = async (tx: Executor, operator: UserRow, id: string, patch: Partial<JobRow>) =>
    tx
      .update(jobs)
      .set({
        ...patch,
        moderatedBy: operator.id,
        moderatedAt: sql`now()` as unknown as Date,
        updatedAt: new Date(),
      })
      .where(eq(jobs.id, id))

  return {
    /** Held jobs, the longest waiting first. */
    async held(): Promise<HeldJobItem[]> {
      const rows = await db
        .select({ job: jobs, poster: { id: users.id, fullname: users.fullname } })
        .from(jobs)
        .innerJoin(users, eq(users.id, jobs.createdBy))
        .where(eq(jobs.moderationStatus, 'held'))
        .orderBy(asc(jobs.createdAt), asc(jobs.id))
        .limit(HELD_MAX)
      return rows.map(({ job, poster }) => ({
        _id: job.id,
        title: job.title,
        description: job.description,
        reason: job.moderationReason,
        poster: { _id: poster.id, fullname: poster.fullname },
        createdAt: job.createdAt.toISOString(),
        updatedAt: job.updatedAt.toISOString(),
      }))
    },

    async approve(operator: UserRow, id: string) {
      return db.transaction(async (tx) => {
        const job = await lockHeld(tx, id)
        await decide(tx, operator, id, { moderationStatus: 'clear', moderationNote: null })
        await notificationsService.record(tx, {
          userId: job.createdBy,
          type: 'system',
          key: 'notifications.job.approved',
          params: { title: job.title },
          metadata: { jobId: job.id },
        })
        return { message: 'Job approved: it is public now' }
      })
    },

    async reject(operator: UserRow, id: string, reason: string) {
      return db.transaction(async (tx) => {
        const job = await lockHeld(tx, id)
        await decide(tx, operator, id, { moderationStatus: 'rejected', moderationNote: reason })
        await notificationsService.record(tx, {
          userId: job.createdBy,
          type: 'system',
          key: 'notifications.job.rejected',
          params: { title: job.title, reason },
          metadata: { jobId: job.id },
        })
        return { message: 'Job rejected: the poster sees your reason' }
      })
    },
  }
}
export type JobModerationService = ReturnType<typeof jobModerationService>
