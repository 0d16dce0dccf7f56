import type { ReportInput, ReportItem, ReportStatus } from '@common/schemas/report'
import { REPORT_ACTIONS } from '@common/schemas/report'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../errors'
import { can as canOnJob } from '../jobs/jobs.policy'
import { presentReport } from './reports.presenter'
import { reportsRepo } from './reports.repo'

const isUniqueViolation = (e: any) => e?.code === '23505' || e?.cause?.code === '23505'
const NOT_FOUND: Record<ReportInput['targetType'], string> = {
  post: 'Post not found',
  job: 'Job not found',
  message: 'Message not found',
  profile: 'User not found',
}
const SELF: Record<ReportInput['targetType'], string> = {
  post: 'You cannot report your own post',
  job: 'You cannot report your own job',
  message: 'You cannot report your own message',
  profile: 'You cannot report yourself',
}

/** Where the web shows a reported thing: a job's page, a person's profile (their posts are there); a message has none. */
const pathOf = (r: { report: { targetType: string; targetId: string }; owner: { handle: string } | null }) =>
  r.report.targetType === 'job'
    ? `/description/${r.report.targetId}`
    : r.report.targetType === 'message' || !r.owner?.handle
      ? null
      : `/m/${r.owner.handle}`

/** Reports by anyone signed in; the operators' queue (ADR 056). */
export function reportsService(deps: { db: Db }) {
  const { db } = deps
  return {
    async create(
      user: UserRow,
      input: { targetType: ReportInput['targetType']; targetId: string; reason: string; details?: string },
    ) {
      const target = await reportsRepo.target(db, input.targetType, input.targetId, user.id)
      // A job the reporter may not see (a draft, a held one) is, to them, not there.
      if (!target || (target.job && !canOnJob(user, 'view', target.job)))
        throw notFound(
          NOT_FOUND[input.targetType],
          `${input.targetType === 'profile' ? 'user' : input.targetType}_not_found`,
        )
      if (target.ownerId === user.id) throw badRequest(SELF[input.targetType], 'cannot_report_self')
      try {
        const row = await reportsRepo.insert(db, {
          reporterId: user.id,
          targetType: input.targetType,
          targetId: input.targetId,
          targetOwnerId: target.ownerId,
          reason: input.reason as never,
          details: input.details ?? null,
        })
        return presentReport({ report: row, reporter: { id: user.id, fullname: user.fullname }, owner: null })
      } catch (e) {
        // The partial unique index decides, so two quick clicks still make one open report.
        if (isUniqueViolation(e))
          throw conflict('You have already reported this. Our team will look at it soon.', 'already_reported')
        throw e
      }
    },

    async list(status: ReportStatus): Promise<ReportItem[]> {
      return (await reportsRepo.list(db, status)).map((r) =>
        presentReport({ ...r, target: r.label === null ? null : { label: r.label, path: pathOf(r) } }),
      )
    },

    async resolve(
      operator: UserRow,
      id: string,
      body: { action: (typeof REPORT_ACTIONS)[number]; note?: string },
    ) {
      return db.transaction(async (tx) => {
        const report = await reportsRepo.lock(tx, id)
        if (!report) throw notFound('Report not found', 'report_not_found')
        if (report.status !== 'open')
          throw conflict('This report is already closed (someone may have decided already)', 'report_closed')
        const status = body.action === 'dismiss' ? 'dismissed' : 'handled'
        await reportsRepo.resolve(tx, id, { status, note: body.note ?? null, by: operator.id })
        return { message: status === 'dismissed' ? 'Report dismissed' : 'Report marked as handled' }
      })
    },
  }
}
export type ReportsService = ReturnType<typeof reportsService>
