import { eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { isUuid } from '../../lib/ids'
import { companies, jobs, users, type JobRow } from '../../db/schema'
import { clientTrustDtoSql, clientTrustSql } from '../reviews/reputation'
import { isoSql } from '../../db/json-sql'

/** A job with what every answer shows beside it: creator, company, applications visible to the viewer. */
export interface JobView {
  job: JobRow
  creator: { id: string; userId: string; fullname: string }
  company: { id: string; name: string; logoUrl: string | null; website: string | null } | null
  applicationCount: number
  /** Every application for the creator; only the viewer's own for anyone else. */
  applications: { _id: string; applicant: string; status: string }[]
  /** The poster's badge and visible rating, as json (reviews/reputation.ts reads it). */
  clientTrust: unknown
  cursorTs: string
  rank?: number
  titleHl?: string | null
  descriptionHl?: string | null
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T

/** The select list of a JobView; `extra` adds rank and highlight columns. */
export function jobViewFields(viewerId: string | Placeholder | null, extra: Record<string, SQL> = {}) {
  const mine = viewerId
    ? sql`(${jobs.createdBy} = ${viewerId}::uuid or a.applicant_id = ${viewerId}::uuid)`
    : sql`false`
  return {
    job: getTableColumns(jobs),
    creator: { id: users.id, userId: users.userId, fullname: users.fullname },
    company: {
      id: companies.id,
      name: companies.name,
      logoUrl: companies.logoUrl,
      website: companies.website,
    },
    applicationCount: sql<number>`(select count(*)::int from applications a where a.job_id = ${jobs.id})`,
    applications: sql<unknown>`(select coalesce(json_agg(json_build_object('_id', a.id, 'applicant',
      a.applicant_id, 'status', a.status) order by a.created_at), '[]'::json)
      from applications a where a.job_id = ${jobs.id} and ${mine})`,
    clientTrust: clientTrustSql(jobs.createdBy),
    cursorTs: sql<string>`${jobs.createdAt}::text`,
    ...extra,
  }
}

/** Paise as the API's rupees, the number `paise / 100` is in JavaScript (float8 prints the same shortest form). */
const rupeesSql = (col: unknown) => sql`(${col}::float8 / 100)`

/**
 * The API's job (`presentJob`, product.md §6) built by the database as JSON text, for the lists: reading a page's 20
 * rows of 45 columns and presenting them took several times the Node work of sending the text the database builds
 * (ADR 081). `presentJob` stays the reference: a test compares the two on every kind of job and viewer. Highlights
 * (search only) are added in Node from the marked title and description columns.
 */
export function jobDtoSql(viewerId: string | Placeholder | null): SQL {
  const viewer = viewerId ? sql`${viewerId}::uuid` : null
  const mine = viewer ? sql`(${jobs.createdBy} = ${viewer} or a.applicant_id = ${viewer})` : sql`false`
  const trust = clientTrustSql(jobs.createdBy)
  // The application count is read once, in a subquery the object is built over.
  return sql`(select json_build_object(
    '_id', ${jobs.id}, 'title', ${jobs.title}, 'description', ${jobs.description}, 'category', ${jobs.category},
    'paymentType', ${jobs.paymentType}, 'amount', ${rupeesSql(jobs.amountPaise)}, 'rate', ${rupeesSql(jobs.ratePaise)},
    'units', ${jobs.units}, 'cycles', ${jobs.cycles}, 'openings', ${jobs.openings}, 'frequency', ${jobs.frequency},
    'duration', ${jobs.duration}::float8, 'hours', ${jobs.hours}::float8, 'total', ${rupeesSql(jobs.totalPaise)},
    'fundStatus', ${jobs.fundStatus}, 'fundedAmount', ${rupeesSql(jobs.fundedPaise)},
    'fundedUnits', ${jobs.fundedUnits}, 'locationPreference', ${jobs.locationPreference}, 'remote', ${jobs.remote},
    'jobType', ${jobs.jobType}, 'position', ${jobs.position}, 'experienceLevel', ${jobs.experienceLevel},
    'company', case when ${companies.id} is null then null else json_build_object('_id', ${companies.id},
      'name', ${companies.name}, 'logo', ${companies.logoUrl}, 'website', ${companies.website}) end,
    'prize', ${rupeesSql(jobs.prizePaise)}, 'deadline', ${isoSql(jobs.deadline)},
    'daysLeft', case when ${jobs.deadline} is null then null
      else greatest(0, ceil(extract(epoch from ${jobs.deadline} - now()) / 86400))::int end,
    'isFree', ${jobs.isFree}, 'isDiscounted', ${jobs.isDiscounted}, 'distance', null, 'skills', to_json(${jobs.skills}),
    'views', ${jobs.views}, 'applicationProcess', ${jobs.applicationProcess}, 'status', ${jobs.status},
    'isActive', (${jobs.status} = 'active' and ${jobs.archivedAt} is null
      and (${jobs.deadline} is null or ${jobs.deadline} > now())),
    'archived', ${jobs.archivedAt} is not null,
    'created_by', json_build_object('_id', ${users.id}, 'userId', ${users.userId}, 'fullname', ${users.fullname}),
    'clientTrust', ${clientTrustDtoSql(trust)},
    'applications', (select coalesce(json_agg(json_build_object('_id', a.id, 'applicant', a.applicant_id,
      'status', a.status) order by a.created_at), '[]'::json) from applications a where a.job_id = ${jobs.id} and ${mine}),
    'applicationCount', c.n, 'registered', c.n,
    'hasApplied', ${viewer ? sql`exists (select 1 from applications a where a.job_id = ${jobs.id} and a.applicant_id = ${viewer})` : sql`false`},
    'createdAt', ${isoSql(jobs.createdAt)}, 'updatedAt', ${isoSql(jobs.updatedAt)},
    'moderation', ${
      viewer
        ? sql`case when ${jobs.createdBy} = ${viewer} and ${jobs.moderationStatus} <> 'clear' then json_build_object(
        'status', ${jobs.moderationStatus}, 'reason', ${jobs.moderationReason}, 'note', ${jobs.moderationNote}) end`
        : sql`null`
    }
  )::text from (select count(*)::int as n from applications a where a.job_id = ${jobs.id}) c)`
}

/** Normalises a driver row of jobViewFields (json columns arrive parsed or as text, depending on the driver). */
export function toJobView(r: any): JobView {
  return {
    ...r,
    company: r.company?.id ? r.company : null,
    applicationCount: Number(r.applicationCount),
    applications: parseJson(r.applications) ?? [],
    ...(r.rank !== undefined ? { rank: Number(r.rank) } : {}),
  }
}

/** The FROM clause every job read shares. */
export function fromJobs(db: Executor, fields: ReturnType<typeof jobViewFields>) {
  return db
    .select(fields)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.createdBy))
    .leftJoin(companies, eq(companies.id, jobs.companyId))
}

/**
 * A job's page as `jobsRepo.view` reads it, built once and prepared by name for a signed-out and a signed-in viewer:
 * every uncached job detail runs it, and building the query took more Node time than the database took to answer.
 */
export function preparedJobView(db: Executor) {
  const byId = eq(jobs.id, sql.placeholder('id'))
  const anonymous = fromJobs(db, jobViewFields(null)).where(byId).limit(1).prepare('job_view_anonymous')
  const signedIn = fromJobs(db, jobViewFields(sql.placeholder('viewerId')))
    .where(byId)
    .limit(1)
    .prepare('job_view_signed_in')
  return async (id: string, viewerId: string | null): Promise<JobView | null> => {
    if (!isUuid(id)) return null
    const rows = viewerId ? await signedIn.execute({ id, viewerId }) : await anonymous.execute({ id })
    return rows[0] ? toJobView(rows[0]) : null
  }
}

export const jobsRepo = {
  async byId(db: Executor, id: string): Promise<JobRow | null> {
    if (!isUuid(id)) return null
    return (await db.select().from(jobs).where(eq(jobs.id, id)).limit(1))[0] ?? null
  },
  /** Reads and row-locks a job for the rest of the transaction. */
  async lock(db: Executor, id: string): Promise<JobRow | null> {
    if (!isUuid(id)) return null
    return (await db.select().from(jobs).where(eq(jobs.id, id)).for('update').limit(1))[0] ?? null
  },
  async view(db: Executor, id: string, viewerId: string | null): Promise<JobView | null> {
    if (!isUuid(id)) return null
    const rows = await fromJobs(db, jobViewFields(viewerId)).where(eq(jobs.id, id)).limit(1)
    return rows[0] ? toJobView(rows[0]) : null
  },
  async insert(db: Executor, values: typeof jobs.$inferInsert): Promise<JobRow> {
    return (await db.insert(jobs).values(values).returning())[0]
  },
  async update(db: Executor, id: string, patch: Partial<typeof jobs.$inferInsert>): Promise<JobRow> {
    return (
      await db
        .update(jobs)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning()
    )[0]
  },
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(jobs).where(eq(jobs.id, id))
  },
  /** What keeps a job's price terms as they are (ADR 048): checkouts not yet paid, and active contracts. */
  async termsLock(db: Executor, id: string) {
    const r = await db.execute(sql`select
        (select count(*) from payment_orders where job_id = ${id}::uuid and status = 'created') as unpaid,
        (select count(*) from contracts where job_id = ${id}::uuid and status = 'active') as contracts`)
    const row = r.rows[0] as { unpaid: unknown; contracts: unknown }
    return { unpaidOrders: Number(row.unpaid), activeContracts: Number(row.contracts) }
  },
  /** Counts a view once per viewer per day (India time), in one statement; true when this one counted. */
  async recordView(db: Executor, jobId: string, viewerKey: string): Promise<boolean> {
    const res = await db.execute(sql`
      with ins as (
        insert into job_views (job_id, viewer_key, day)
        values (${jobId}::uuid, ${viewerKey}, (now() at time zone 'Asia/Kolkata')::date)
        on conflict do nothing
        returning job_id
      )
      update jobs set views = views + 1 where id = (select job_id from ins) returning id`)
    return res.rows.length > 0
  },
}

/** How many applications a job has (a job with applicants cannot go back to draft). */
/** Whether `userId` has an application on the job (whatever its status). */
export async function hasApplication(db: Executor, jobId: string, userId: string): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from applications where job_id = ${jobId}::uuid and applicant_id = ${userId}::uuid limit 1`,
  )
  return res.rows.length > 0
}

export async function applicationCount(db: Executor, jobId: string): Promise<number> {
  const res = await db.execute(sql`select count(*)::int as n from applications where job_id = ${jobId}::uuid`)
  return Number((res.rows[0] as { n: number }).n)
}
