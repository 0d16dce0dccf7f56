import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { applications, companies, jobs, users, type ApplicationRow } from '../../db/schema'
import { isUuid } from '../../lib/ids'

export const applicationsRepo = {
  async byId(db: Executor, id: string): Promise<ApplicationRow | null> {
    if (!isUuid(id)) return null
    return (await db.select().from(applications).where(eq(applications.id, id)).limit(1))[0] ?? null
  },
  async lock(db: Executor, id: string): Promise<ApplicationRow | null> {
    if (!isUuid(id)) return null
    return (
      (await db.select().from(applications).where(eq(applications.id, id)).for('update').limit(1))[0] ?? null
    )
  },
  async insert(db: Executor, values: typeof applications.$inferInsert): Promise<ApplicationRow> {
    return (await db.insert(applications).values(values).returning())[0]
  },
  async setStatus(db: Executor, id: string, status: ApplicationRow['status']): Promise<ApplicationRow> {
    return (
      await db
        .update(applications)
        .set({ status, updatedAt: new Date() })
        .where(eq(applications.id, id))
        .returning()
    )[0]
  },
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(applications).where(eq(applications.id, id))
  },
  /** The applicant's applications with each job's title, company and recruiter, newest first. */
  async ofApplicant(db: Executor, applicantId: string) {
    return db
      .select({
        application: applications,
        job: { id: jobs.id, title: jobs.title, status: jobs.status },
        recruiter: { id: users.id, userId: users.userId, fullname: users.fullname },
        company: {
          id: companies.id,
          name: companies.name,
          logoUrl: companies.logoUrl,
          website: companies.website,
        },
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(users, eq(users.id, jobs.createdBy))
      .leftJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(applications.applicantId, applicantId))
      .orderBy(desc(applications.createdAt), desc(applications.id))
  },
  /** An applicant's email and phone number; seesApplicantContact decides who is shown them (ADR 041). */
  async contactOf(db: Executor, userId: string) {
    const rows = await db
      .select({ email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
    return rows[0] ?? null
  },
  /**
   * A job's applications with each applicant's user row, oldest first (the order they came in). The row carries
   * the contact details; presentApplicant shows them only to a poster who accepted the applicant (ADR 041).
   */
  async ofJob(db: Executor, jobId: string) {
    return db
      .select({ application: applications, applicant: users })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.applicantId))
      .where(eq(applications.jobId, jobId))
      .orderBy(applications.createdAt, applications.id)
  },
}
export type MyApplicationRow = Awaited<ReturnType<typeof applicationsRepo.ofApplicant>>[number]
export type ApplicantRow = Awaited<ReturnType<typeof applicationsRepo.ofJob>>[number]
