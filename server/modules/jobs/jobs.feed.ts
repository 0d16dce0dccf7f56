import { and, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { jobs } from '../../db/schema'
import { fromJobs, jobViewFields, toJobView, type JobView } from './jobs.repo'

/** Filters of the job browser (GET /job/get) and the poster's own list (GET /job/getadminjobs). */
export interface FeedFilters {
  viewerId: string | null
  category?: string
  free?: boolean
  discounted?: boolean
  location?: string
  paymentType?: string
  minPaise?: number
  maxPaise?: number
  /** Only this creator's jobs, archived ones included (the manage page). */
  createdBy?: string
}

/** Full-text (every word / any word) or, when that finds nothing, trigram similarity to the title. */
export type FeedText = { mode: 'all' | 'any'; tsquery: string; raw: string } | { mode: 'trgm'; raw: string }

export interface FeedPage {
  filters: FeedFilters
  text?: FeedText
  /** The sort's segment predicate (e.g. "in the caller's state"); each segment is walked newest first. */
  segment?: SQL
  /** Order by text rank before date (relevance sort with a query). */
  ranked: boolean
  after: { rank?: number; ts: string; id: string } | null
  limit: number
  highlights: boolean
}

// Highlights come back between two control characters (stripped from stored text), turned into ranges by the
// presenter, so the answer never carries HTML.
const MARKS = 'StartSel=\u0002, StopSel=\u0003'
const TITLE_HL = `HighlightAll=true, ${MARKS}`
const DESCRIPTION_HL = `MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", ${MARKS}`
const searchVector = sql.raw('"jobs"."search_vector"')

/** The WHERE conditions every feed query shares: visibility, filters, segment and text match. */
function conditions(f: FeedFilters, segment: SQL | undefined, text: FeedText | undefined) {
  const conds: (SQL | undefined)[] = []
  if (f.createdBy) conds.push(eq(jobs.createdBy, f.createdBy))
  else {
    conds.push(isNull(jobs.archivedAt))
    conds.push(
      f.viewerId
        ? sql`(${jobs.status} <> 'draft' or ${jobs.createdBy} = ${f.viewerId}::uuid)`
        : sql`${jobs.status} <> 'draft'`,
    )
  }
  if (f.category) conds.push(eq(jobs.category, f.category))
  // Literal booleans, not parameters, so the planner can match the partial indexes on is_free / is_discounted.
  if (f.free) conds.push(sql`${jobs.isFree}`)
  if (f.discounted) conds.push(sql`${jobs.isDiscounted}`)
  if (f.location) conds.push(eq(jobs.locationPreference, f.location))
  if (f.paymentType) conds.push(eq(jobs.paymentType, f.paymentType as 'one-time'))
  if (f.minPaise !== undefined) conds.push(gte(jobs.totalPaise, f.minPaise))
  if (f.maxPaise !== undefined) conds.push(lte(jobs.totalPaise, f.maxPaise))
  conds.push(segment)
  let rank: SQL | null = null
  let q: SQL | null = null
  if (text?.mode === 'trgm') {
    conds.push(sql`${text.raw} <% ${jobs.title}`)
    rank = sql`word_similarity(${text.raw}, ${jobs.title})`
  } else if (text) {
    q = sql`to_tsquery('english', ${text.tsquery})`
    conds.push(sql`${searchVector} @@ ${q}`)
    rank = sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${searchVector}, ${q})`
  }
  return { conds, rank, q }
}

/** One page of one segment, in keyset order: (rank,) created_at, id — all descending. */
export async function feedPage(db: Executor, p: FeedPage): Promise<JobView[]> {
  const { conds, rank, q } = conditions(p.filters, p.segment, p.text)
  const extra: Record<string, SQL> = {}
  if (q && p.highlights) {
    extra.titleHl = sql`ts_headline('english', search_clean(${jobs.title}), ${q}, ${TITLE_HL})`
    extra.descriptionHl = sql`ts_headline('english', ${jobs.description}, ${q}, ${DESCRIPTION_HL})`
  }
  const ranked = p.ranked && rank !== null
  if (ranked) extra.rank = rank!
  if (p.after)
    conds.push(
      ranked
        ? sql`(${rank}, ${jobs.createdAt}, ${jobs.id}) < (${p.after.rank ?? 0}::real, ${p.after.ts}::timestamptz, ${p.after.id}::uuid)`
        : sql`(${jobs.createdAt}, ${jobs.id}) < (${p.after.ts}::timestamptz, ${p.after.id}::uuid)`,
    )
  const order = [desc(jobs.createdAt), desc(jobs.id)]
  const rows = await fromJobs(db, jobViewFields(p.filters.viewerId, extra))
    .where(and(...conds))
    .orderBy(...(ranked ? [sql`${rank} desc`, ...order] : order))
    .limit(p.limit)
  return rows.map(toJobView)
}

/**
 * The k-th newest match of a text search, or null when there are fewer than k. Ranking every match of a common word
 * costs a row visit per match (83 ms for 18,000 of 100,000 jobs); relevance is computed among the newest k matches
 * only, found by walking the date index (common words) or the text index (rare ones), and older matches follow by date.
 */
export async function feedBoundary(
  db: Executor,
  p: { filters: FeedFilters; text: FeedText; k: number },
): Promise<{ ts: string; id: string } | null> {
  const { conds } = conditions(p.filters, undefined, p.text)
  const rows = await db
    .select({ ts: sql<string>`${jobs.createdAt}::text`, id: jobs.id })
    .from(jobs)
    .where(and(...conds))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(p.k)
  return rows.length === p.k ? rows[p.k - 1] : null
}
