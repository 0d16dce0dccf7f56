import { and, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { companies, jobs, users } from '../../db/schema'
import { fromJobs, jobDtoSql, jobViewFields, toJobView, type JobView } from './jobs.repo'
import { clientTrustScoreSql } from '../reviews/reputation'

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
  segment?: Part
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

/** A job people can still apply to, and its opposite: the relevance sort's first two segments. */
export const openSql = () =>
  sql`(${jobs.status} = 'active' and (${jobs.deadline} is null or ${jobs.deadline} >= now()))`
export const notOpenSql = () => sql`(${jobs.status} <> 'active' or ${jobs.deadline} < now())`

/** A placeholder, filled from the values a query form is executed with. */
export const ph = (name: string) => sql.placeholder(name)

/**
 * A piece of a feed query: `key` stands for its SQL text (one key, one text), `values` fill its placeholders. A page's
 * query is built from its parts' keys once and then only executed with their values (see `formFor`).
 */
export interface Part {
  key: string
  sql: () => SQL
  values?: Record<string, unknown>
}

/** The WHERE conditions every feed query shares: visibility, filters, segment and text match. */
function conditions(f: FeedFilters, segment: Part | undefined, text: FeedText | undefined) {
  const parts: Part[] = []
  if (f.createdBy)
    parts.push({
      key: 'by',
      sql: () => eq(jobs.createdBy, ph('createdBy')),
      values: { createdBy: f.createdBy },
    })
  else {
    parts.push({ key: 'live', sql: () => isNull(jobs.archivedAt) })
    parts.push(
      f.viewerId
        ? {
            key: 'seen-by',
            sql: () =>
              sql`(${jobs.status} <> 'draft' and ${jobs.moderationStatus} = 'clear' or ${jobs.createdBy} = ${ph('viewerId')}::uuid)`,
          }
        : { key: 'public', sql: () => sql`${jobs.status} <> 'draft' and ${jobs.moderationStatus} = 'clear'` },
    )
  }
  if (f.category)
    parts.push({
      key: 'category',
      sql: () => eq(jobs.category, ph('category')),
      values: { category: f.category },
    })
  // Literal booleans, not parameters, so the planner can match the partial indexes on is_free / is_discounted.
  if (f.free) parts.push({ key: 'free', sql: () => sql`${jobs.isFree}` })
  if (f.discounted) parts.push({ key: 'discounted', sql: () => sql`${jobs.isDiscounted}` })
  if (f.location)
    parts.push({
      key: 'location',
      sql: () => eq(jobs.locationPreference, ph('location')),
      values: { location: f.location },
    })
  if (f.paymentType)
    parts.push({
      key: 'payment',
      sql: () => eq(jobs.paymentType, ph('paymentType')),
      values: { paymentType: f.paymentType },
    })
  if (f.minPaise !== undefined)
    parts.push({
      key: 'min',
      sql: () => gte(jobs.totalPaise, ph('minPaise')),
      values: { minPaise: f.minPaise },
    })
  if (f.maxPaise !== undefined)
    parts.push({
      key: 'max',
      sql: () => lte(jobs.totalPaise, ph('maxPaise')),
      values: { maxPaise: f.maxPaise },
    })
  if (segment) parts.push({ ...segment, key: `segment:${segment.key}` })
  let rank: (() => SQL) | null = null
  let q: (() => SQL) | null = null
  if (text?.mode === 'trgm') {
    parts.push({ key: 'trgm', sql: () => sql`${ph('raw')} <% ${jobs.title}`, values: { raw: text.raw } })
    rank = () => trusted(sql`word_similarity(${ph('raw')}, ${jobs.title})`)
  } else if (text) {
    const query = () => sql`to_tsquery('english', ${ph('tsquery')})`
    q = query
    parts.push({
      key: 'text',
      sql: () => sql`${searchVector} @@ ${query()}`,
      values: { tsquery: text.tsquery },
    })
    rank = () => trusted(sql`ts_rank('{0.1, 0.2, 0.4, 1.0}', ${searchVector}, ${query()})`)
  }
  const values: Record<string, unknown> = f.viewerId ? { viewerId: f.viewerId } : {}
  for (const p of parts) Object.assign(values, p.values)
  return { parts, rank, q, values, key: parts.map((p) => p.key).join(' ') }
}

/** FNV-1a of a form's key: its statement's name when it is prepared by name. */
function fnv(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36)
}

interface Form {
  execute(values: Record<string, unknown>): Promise<unknown[]>
}
/** Query forms kept per database handle; past this many the rest are built per call (they stay correct). */
const MAX_FORMS = 256
const forms = new WeakMap<Executor, Map<string, Form>>()

/**
 * The query of a form, built once per database handle and then only executed: building a job page's select list
 * took more Node time than the database took to answer it. A form whose best plan depends on its words (a rare word
 * walks the text index, a common one the date index) is prepared without a name, so PostgreSQL plans each call for
 * its values (ADR 039). A form without text is `named`: PostgreSQL keeps its plan, choosing one for all values only
 * when it costs no more than planning for each (plan_cache_mode auto), and skips planning the page's large statement
 * (ADR 081). Naming a search's window walk and first page too made the misspelt search twice as slow uncached.
 */
function formFor(
  db: Executor,
  key: string,
  build: () => { prepare(name: string): Form },
  named = false,
): Form {
  let byKey = forms.get(db)
  if (!byKey) forms.set(db, (byKey = new Map()))
  let form = byKey.get(key)
  if (!form) {
    form = build().prepare(named ? `feed_${fnv(key)}` : '')
    if (byKey.size < MAX_FORMS) byKey.set(key, form)
  }
  return form
}

/**
 * A text match's rank, raised for a poster people can trust (ADR 060): up to 10 % for a client who has funded
 * escrow and up to 5 % for their visible rating (5 stars). Enough to put the verified, well-rated client first among
 * equally relevant jobs; never enough to lift a description-only match above a title match. Cast to real, as the
 * page cursor carries it.
 */
const trusted = (rank: SQL) =>
  sql`(${rank} * (1 + ${clientTrustScoreSql(jobs.createdBy)}::real / 10000))::real`

/** A job of a list page as the database writes it: the API's job as JSON text (`jobDtoSql`) and the page's keys. */
export interface JobJsonRow {
  id: string
  creatorId: string
  cursorTs: string
  dto: string
  rank?: number
  /** With highlights: the title, and the title and description marked by ts_headline. */
  title?: string
  titleHl?: string | null
  descriptionHl?: string | null
}

/**
 * One page of one segment, in keyset order: (rank,) created_at, id — all descending. `json` reads each job as the
 * API's JSON text (the lists), otherwise as a JobView (the poster's manage list, which presents in Node).
 */
export async function feedPage(db: Executor, p: FeedPage & { json?: false }): Promise<JobView[]>
export async function feedPage(db: Executor, p: FeedPage & { json: true }): Promise<JobJsonRow[]>
export async function feedPage(
  db: Executor,
  p: FeedPage & { json?: boolean },
): Promise<JobView[] | JobJsonRow[]> {
  const c = conditions(p.filters, p.segment, p.text)
  const highlights = !!c.q && p.highlights
  const ranked = p.ranked && c.rank !== null
  const key = [
    'page',
    p.filters.viewerId ? 'signed-in' : 'anonymous',
    highlights ? 'highlights' : '',
    ranked ? 'ranked' : 'by-date',
    p.after ? 'after' : 'first',
    p.json ? 'json' : 'view',
    c.key,
  ].join(' ')
  const form = formFor(
    db,
    key,
    () => {
      const extra: Record<string, SQL> = {}
      if (highlights) {
        extra.titleHl = sql`ts_headline('english', search_clean(${jobs.title}), ${c.q!()}, ${TITLE_HL})`
        extra.descriptionHl = sql`ts_headline('english', ${jobs.description}, ${c.q!()}, ${DESCRIPTION_HL})`
      }
      if (ranked) extra.rank = c.rank!()
      const conds = c.parts.map((x) => x.sql())
      if (p.after)
        conds.push(
          ranked
            ? sql`(${c.rank!()}, ${jobs.createdAt}, ${jobs.id}) < (${ph('afterRank')}::real, ${ph('afterTs')}::timestamptz, ${ph('afterId')}::uuid)`
            : sql`(${jobs.createdAt}, ${jobs.id}) < (${ph('afterTs')}::timestamptz, ${ph('afterId')}::uuid)`,
        )
      const order = [desc(jobs.createdAt), desc(jobs.id)]
      const viewer = p.filters.viewerId ? ph('viewerId') : null
      const from = p.json
        ? db
            .select({
              id: jobs.id,
              creatorId: jobs.createdBy,
              cursorTs: sql<string>`${jobs.createdAt}::text`,
              // Named so the bench's floor can tell the JSON column (bench/floor-sql.ts).
              dto: jobDtoSql(viewer).as('raw_json'),
              ...(highlights ? { title: jobs.title } : {}),
              ...extra,
            })
            .from(jobs)
            .innerJoin(users, eq(users.id, jobs.createdBy))
            .leftJoin(companies, eq(companies.id, jobs.companyId))
        : fromJobs(db, jobViewFields(viewer, extra))
      return from
        .where(and(...conds))
        .orderBy(...(ranked ? [sql`${c.rank!()} desc`, ...order] : order))
        .limit(ph('limit'))
    },
    // A page without text has one plan for any values (ADR 081); a search's are planned for its words (ADR 039).
    !p.text,
  )
  const after = p.after ? { afterRank: p.after.rank ?? 0, afterTs: p.after.ts, afterId: p.after.id } : {}
  const rows = await form.execute({ ...c.values, ...after, limit: p.limit })
  if (!p.json) return rows.map(toJobView)
  return (rows as JobJsonRow[]).map((r) => (r.rank === undefined ? r : { ...r, rank: Number(r.rank) }))
}

/** A row of `firstRelevantPage`: a job of the page, its segment, and on the first row the window's edge. */
export interface FirstPageRow extends JobJsonRow {
  seg: number
  window?: string | null
}

/**
 * The first page of a relevance search in one statement (ADR 082).
 *
 * The window it ranks in is the newest k matches, looked for among the newest `scan` jobs only. Ranking every match
 * of a common word costs a row visit per match, and finding the k-th newest match of a word in one job of thirty or
 * so read the whole text index for it (270 ms at 1M jobs): the newest jobs are walked on the date index instead, the
 * text tested on the index entry (jobs_text_feed_idx, ADR 067), so the cost is bounded by `scan` whatever the word.
 * The window's edge is its oldest match, or with fewer than k matches the `scan`-th newest job (none when there are
 * fewer jobs: every match is then inside).
 *
 * Then the sort's three segments — open jobs inside the window by rank, other jobs inside it by rank, older matches
 * by date — each read only while the ones before it left the page short (a one-time filter), their keys sorted and
 * cut to the page, and only then each job's JSON. The first row carries the window's edge (for the page cursor).
 * Later pages go through `collect`, with the edge from the cursor and the same segments in the same order
 * (`segmentsFor`). One statement instead of three or more: a round trip and the ids sent back and forth cost more
 * Node time than the database spends on them.
 */
export async function firstRelevantPage(
  db: Executor,
  p: {
    filters: FeedFilters
    text: FeedText & { mode: 'all' | 'any' }
    k: number
    scan: number
    limit: number
  },
): Promise<{ rows: FirstPageRow[]; window: { ts: string; id: string } | null }> {
  const v = conditions(p.filters, undefined, undefined)
  const c = conditions(p.filters, undefined, p.text)
  const viewer = p.filters.viewerId ? 'signed-in' : 'anonymous'
  const key = `first-relevant ${viewer} ${c.key}`
  const form = formFor(db, key, () => {
    const visible = () => and(...v.parts.map((x) => x.sql()))
    const matching = () => and(...c.parts.map((x) => x.sql()))
    const newest = sql`order by ${jobs.createdAt} desc, ${jobs.id} desc`
    const n = sql`${ph('limit')}::int`
    const k = sql`${ph('k')}::int`
    const rank = c.rank!
    // Inside the window: its matches by id, ranked (they match already: the window tested the text).
    const inside = (
      seg: number,
      where: SQL,
      gate?: SQL,
    ) => sql`select ${sql.raw(String(seg))} as seg, ${jobs.id} as id,
        ${rank()} as rank, ${jobs.createdAt} as created_at
      from ${jobs} where ${jobs.id} in (select m.id from m) and ${where} ${gate ? sql`and ${gate}` : sql``}
      order by 3 desc, 4 desc, 2 desc limit ${n}`
    const viewerId = p.filters.viewerId ? ph('viewerId') : null
    const q = c.q!
    const text = sql`(with m as materialized (
        select r.created_at, r.id from (select ${jobs.createdAt} as created_at, ${jobs.id} as id,
          ${searchVector} as vector from ${jobs} where ${visible()} ${newest} limit ${ph('scan')}) r
         where r.vector @@ to_tsquery('english', ${ph('tsquery')})
         order by r.created_at desc, r.id desc limit ${k}),
      e as materialized (
        (select m.created_at, m.id from m where (select count(*) from m) = ${k} order by m.created_at, m.id limit 1)
        union all
        (select ${jobs.createdAt}, ${jobs.id} from ${jobs} where ${visible()} and (select count(*) from m) < ${k}
         ${newest} offset ${ph('skip')} limit 1)),
      s0 as materialized (${inside(0, openSql())}),
      s1 as materialized (${inside(1, notOpenSql(), sql`(select count(*) from s0) < ${n}`)}),
      s2 as materialized (
        select 2 as seg, ${jobs.id} as id, null::real as rank, ${jobs.createdAt} as created_at from ${jobs}
         where ${matching()} and (${jobs.createdAt}, ${jobs.id}) < (select e.created_at, e.id from e)
           and (select count(*) from s0) + (select count(*) from s1) < ${n}
         ${newest} limit ${n}),
      k as (select * from s0 union all select * from s1 union all select * from s2
             order by seg, rank desc, created_at desc, id desc limit ${n})
      select ${jobs.id} as id, ${jobs.createdBy} as creator_id, ${jobs.createdAt}::text as cursor_ts,
        ${jobDtoSql(viewerId)} as "raw_json", k.rank, k.seg, ${jobs.title} as title,
        ts_headline('english', search_clean(${jobs.title}), ${q()}, ${TITLE_HL}) as title_hl,
        ts_headline('english', ${jobs.description}, ${q()}, ${DESCRIPTION_HL}) as description_hl,
        case when row_number() over w = 1 then
          (select json_build_array(e.created_at::text, e.id)::text from e) end as "window"
      from k join ${jobs} on ${jobs.id} = k.id
      join ${users} on ${users.id} = ${jobs.createdBy}
      left join ${companies} on ${companies.id} = ${jobs.companyId}
      window w as (order by k.seg, k.rank desc, k.created_at desc, k.id desc)
      order by k.seg, k.rank desc, k.created_at desc, k.id desc)`
    return db
      .select({
        id: sql<string>`page.id`,
        creatorId: sql<string>`page.creator_id`,
        cursorTs: sql<string>`page.cursor_ts`,
        dto: sql<string>`page.raw_json`,
        rank: sql<number | null>`page.rank`,
        seg: sql<number>`page.seg`,
        title: sql<string>`page.title`,
        titleHl: sql<string | null>`page.title_hl`,
        descriptionHl: sql<string | null>`page.description_hl`,
        window: sql<string | null>`page.window`,
      })
      .from(sql`${text} as page`)
  })
  const values = {
    ...c.values,
    scan: p.scan,
    k: p.k,
    skip: p.scan - 1,
    limit: p.limit,
  }
  const raw = (await form.execute(values)) as (Omit<FirstPageRow, 'rank'> & { rank: unknown })[]
  const rows = raw.map(({ rank, window: _w, ...r }) =>
    rank === null || rank === undefined
      ? { ...r, seg: Number(r.seg) }
      : { ...r, rank: Number(rank), seg: Number(r.seg) },
  )
  const edge = raw[0]?.window ? (JSON.parse(raw[0].window) as [string, string]) : null
  return {
    rows,
    window: edge ? { ts: edge[0], id: edge[1] } : null,
  }
}
