import { and, desc, eq, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ReportStatus, ReportTarget } from '@common/schemas/report'
import type { Executor } from '../../db/client'
import { jobs, messages, posts, reports, users, type ReportRow } from '../../db/schema'

/** What a report is about, as found when it is made: whose it is, a short label, where the web shows it. */
export interface ReportTargetRow {
  ownerId: string
  label: string
  path: string | null
  /** Jobs only: the row, for the jobs policy to say whether the reporter may see it. */
  job?: typeof jobs.$inferSelect
}

const REPORTS_MAX = 200
const short = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s)

/** Reports, and the lookups of the things they are about. */
export const reportsRepo = {
  /** The reported thing, or null when there is none (a message only when `reporterId` is one of its two people). */
  async target(
    db: Executor,
    type: ReportTarget,
    id: string,
    reporterId: string,
  ): Promise<ReportTargetRow | null> {
    switch (type) {
      case 'post': {
        const [p] = await db
          .select({ ownerId: posts.authorId, content: posts.content, handle: users.userId })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(eq(posts.id, id))
        return p ? { ownerId: p.ownerId, label: short(p.content || 'A post'), path: `/m/${p.handle}` } : null
      }
      case 'job': {
        const [j] = await db.select().from(jobs).where(eq(jobs.id, id))
        return j
          ? { ownerId: j.createdBy, label: short(j.title), path: `/description/${j.id}`, job: j }
          : null
      }
      case 'message': {
        const [m] = await db
          .select({ ownerId: messages.senderId, content: messages.content })
          .from(messages)
          .where(
            and(
              eq(messages.id, id),
              or(eq(messages.receiverId, reporterId), eq(messages.senderId, reporterId)),
            ),
          )
        return m ? { ownerId: m.ownerId, label: short(m.content), path: null } : null
      }
      case 'profile': {
        const [u] = await db
          .select({ id: users.id, fullname: users.fullname, handle: users.userId })
          .from(users)
          .where(eq(users.id, id))
        return u ? { ownerId: u.id, label: u.fullname, path: `/m/${u.handle}` } : null
      }
    }
  },

  async insert(db: Executor, row: typeof reports.$inferInsert): Promise<ReportRow> {
    const [r] = await db.insert(reports).values(row).returning()
    return r
  },

  /** Reports in `status`, newest first, with the reporter's and the target owner's names. */
  async list(db: Executor, status: ReportStatus) {
    const reporter = alias(users, 'reporter')
    const owner = alias(users, 'owner')
    return db
      .select({
        report: reports,
        reporter: { id: reporter.id, fullname: reporter.fullname },
        owner: { id: owner.id, fullname: owner.fullname, handle: owner.userId },
        // What it is now (it may have been edited or deleted since): one lookup by primary key per row.
        label: sql<string | null>`case ${reports.targetType}
          when 'post' then (select left(p.content, 120) from posts p where p.id = ${reports.targetId})
          when 'job' then (select j.title from jobs j where j.id = ${reports.targetId})
          when 'message' then (select left(m.content, 120) from messages m where m.id = ${reports.targetId})
          when 'profile' then (select u.fullname from users u where u.id = ${reports.targetId}) end`,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(owner, eq(owner.id, reports.targetOwnerId))
      .where(eq(reports.status, status))
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(REPORTS_MAX)
  },

  async lock(db: Executor, id: string): Promise<ReportRow | null> {
    return (await db.select().from(reports).where(eq(reports.id, id)).for('update'))[0] ?? null
  },

  async resolve(
    db: Executor,
    id: string,
    v: { status: Exclude<ReportStatus, 'open'>; note: string | null; by: string },
  ): Promise<void> {
    await db
      .update(reports)
      .set({
        status: v.status,
        resolutionNote: v.note,
        resolvedBy: v.by,
        resolvedAt: sql`now()` as unknown as Date,
      })
      .where(eq(reports.id, id))
  },
}
