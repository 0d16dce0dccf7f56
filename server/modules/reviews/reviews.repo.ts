import { sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { toDate } from '../../db/raw-rows'
import { appNow } from '../../lib/clock'
import { reviews, type ReviewRow } from './reviews.schema'

/** `days` as an interval, in SQL (REVIEW_DAYS may be a fraction so tests can use seconds). */
const span = (days: number) => sql`(${days}::float8 * interval '1 day')`

/**
 * Whether review `r` (joined with its window `w`) is visible to everyone: both sides wrote (`visible_at` set), or
 * the window closed. The one predicate every read outside the author's own uses.
 */
export const visibleSql = (days: number, r = sql.raw('r'), w = sql.raw('w')): SQL =>
  sql`(${r}.visible_at is not null or ${w}.opened_at + ${span(days)} <= ${appNow})`

export interface ReviewWindow {
  openedAt: Date
  endsAt: Date
  open: boolean
}

/** A review with its author and job, as the presenter shows it. */
export interface ReviewView extends ReviewRow {
  authorUserId: string
  authorFullname: string
  jobTitle: string
}

function toView(r: any): ReviewView {
  return {
    id: r.id,
    contractId: r.contract_id,
    authorId: r.author_id,
    subjectId: r.subject_id,
    authorRole: r.author_role,
    rating: Number(r.rating),
    text: r.text,
    createdAt: toDate(r.created_at),
    visibleAt: r.visible_at ? toDate(r.visible_at) : null,
    authorUserId: r.author_user_id,
    authorFullname: r.author_fullname,
    jobTitle: r.job_title,
  }
}

const viewSelect = sql`select r.*, a.user_id as author_user_id, a.fullname as author_fullname, j.title as job_title
  from reviews r
  join users a on a.id = r.author_id
  join contracts c on c.id = r.contract_id
  join jobs j on j.id = c.job_id`

/** Reviews (ADR 060): SQL only. */
export const reviewsRepo = {
  /** The contract's review window, or null when it has not ended; `lock` serialises the two sides' writes. */
  async window(db: Executor, contractId: string, days: number, lock = false): Promise<ReviewWindow | null> {
    const res = await db.execute(sql`select opened_at, opened_at + ${span(days)} as ends_at,
        opened_at + ${span(days)} > ${appNow} as open
      from review_windows where contract_id = ${contractId}::uuid ${lock ? sql`for update` : sql``}`)
    const row = res.rows[0] as { opened_at: unknown; ends_at: unknown; open: unknown } | undefined
    if (!row) return null
    return {
      openedAt: toDate(row.opened_at),
      endsAt: toDate(row.ends_at),
      open: row.open === true || row.open === 't',
    }
  },
  /** Both sides' reviews of a contract (at most two), whoever may see them. */
  async ofContract(db: Executor, contractId: string): Promise<ReviewView[]> {
    const res = await db.execute(sql`${viewSelect} where r.contract_id = ${contractId}::uuid`)
    return res.rows.map(toView)
  },
  /** Adds a review; null when this author already wrote one for the contract. */
  async insert(
    db: Executor,
    v: Pick<ReviewRow, 'contractId' | 'authorId' | 'subjectId' | 'authorRole' | 'rating' | 'text'>,
  ): Promise<ReviewRow | null> {
    const rows = await db
      .insert(reviews)
      .values({ ...v, createdAt: appNow })
      .onConflictDoNothing()
      .returning()
    return rows[0] ?? null
  },
  /** Makes a contract's reviews visible now (the second side wrote); the people reviewed. */
  async reveal(db: Executor, contractId: string): Promise<ReviewRow[]> {
    const res = await db.execute(sql`update reviews set visible_at = ${appNow}
      where contract_id = ${contractId}::uuid and visible_at is null returning *`)
    return res.rows.map((r: any) => ({
      ...r,
      contractId: r.contract_id,
      subjectId: r.subject_id,
      authorId: r.author_id,
    }))
  },
  /**
   * Makes visible every review whose window closed (the scheduled task): a conditional update, so a retried or
   * concurrent run finds nothing left (ADR 055). Returns what it revealed.
   */
  async revealDue(
    db: Executor,
    days: number,
  ): Promise<{ contractId: string; authorId: string; subjectId: string }[]> {
    const res = await db.execute(sql`update reviews r set visible_at = w.opened_at + ${span(days)}
      from review_windows w
      where w.contract_id = r.contract_id and r.visible_at is null and w.opened_at + ${span(days)} <= ${appNow}
      returning r.contract_id, r.author_id, r.subject_id`)
    return (res.rows as any[]).map((r) => ({
      contractId: r.contract_id,
      authorId: r.author_id,
      subjectId: r.subject_id,
    }))
  },
  /** The visible reviews about a person, newest first. */
  async visibleAbout(db: Executor, userId: string, days: number, limit = 100): Promise<ReviewView[]> {
    const res = await db.execute(sql`${viewSelect}
      join review_windows w on w.contract_id = r.contract_id
      where r.subject_id = ${userId}::uuid and ${visibleSql(days)}
      order by r.created_at desc, r.id desc limit ${limit}`)
    return res.rows.map(toView)
  },
}
