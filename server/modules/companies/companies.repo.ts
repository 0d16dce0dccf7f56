import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { companies, jobs, users, type CompanyRow } from '../../db/schema'
import { isUuid } from '../../lib/ids'

export interface CompanyView extends CompanyRow {
  owner: { id: string; userId: string; fullname: string }
  jobCount: number
}

const viewFields = {
  ...getTableColumns(companies),
  owner: { id: users.id, userId: users.userId, fullname: users.fullname },
  jobCount: sql<number>`(select count(*)::int from jobs j where j.company_id = ${companies.id}
    and j.archived_at is null and j.status <> 'draft' and j.moderation_status = 'clear')`,
}

export const companiesRepo = {
  async byId(db: Executor, id: string): Promise<CompanyRow | null> {
    if (!isUuid(id)) return null
    return (await db.select().from(companies).where(eq(companies.id, id)).limit(1))[0] ?? null
  },
  async view(db: Executor, id: string): Promise<CompanyView | null> {
    if (!isUuid(id)) return null
    const rows = await db
      .select(viewFields)
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.id, id))
      .limit(1)
    return rows[0] ? { ...rows[0], jobCount: Number(rows[0].jobCount) } : null
  },
  async ofOwner(db: Executor, ownerId: string): Promise<CompanyView[]> {
    const rows = await db
      .select(viewFields)
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(companies.ownerId, ownerId))
      .orderBy(desc(companies.createdAt), desc(companies.id))
    return rows.map((r) => ({ ...r, jobCount: Number(r.jobCount) }))
  },
  async countOfOwner(db: Executor, ownerId: string): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(companies).where(eq(companies.ownerId, ownerId))
    return Number(n)
  },
  async insert(db: Executor, values: typeof companies.$inferInsert): Promise<CompanyRow> {
    return (await db.insert(companies).values(values).returning())[0]
  },
  async update(db: Executor, id: string, patch: Partial<typeof companies.$inferInsert>): Promise<void> {
    await db
      .update(companies)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(companies.id, id))
  },
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(companies).where(eq(companies.id, id))
  },
  /** Jobs still open that name the company (deleting it would silently unbrand them). */
  async liveJobCount(db: Executor, id: string): Promise<number> {
    const [{ n }] = await db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.companyId, id), isNull(jobs.archivedAt), eq(jobs.status, 'active')))
    return Number(n)
  },
}
