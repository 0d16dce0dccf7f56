import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { REMOTE } from '@common/locations'
import type { JobSort } from '@common/schemas/job'
import type { Executor } from '../../db/client'
import { jobs } from '../../db/schema'
import { badRequest } from '../../errors'
import {
  feedPage,
  notOpenSql,
  openSql,
  ph,
  type FeedFilters,
  type FeedText,
  type JobJsonRow,
  type Part,
} from './jobs.feed'
import type { JobView } from './jobs.repo'

/**
 * Keyset pagination (never OFFSET). A sort is a list of segments, each walked newest first from the cursor
 * (relevance: open jobs matching the caller's skills, other open jobs, then closed ones; closest: the caller's
 * state, Remote, elsewhere). The cursor names the segment and the last row's (rank,) created_at and id.
 */
const Cursor = z.object({
  s: z.number().int().min(0).max(5),
  r: z.number().optional(),
  t: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?)?$/),
  i: z.uuid(),
  m: z.enum(['all', 'any', 'trgm', 'none']),
  f: z.string().max(16),
  /** The relevance window's edge (see firstRelevantPage), fixed on the first page. */
  w: z.object({ ts: z.string().max(40), id: z.uuid() }).optional(),
})
type CursorValue = z.infer<typeof Cursor>
export type TextMode = CursorValue['m']

/** FNV-1a of the filters, so a cursor is only used with the list it came from. */
export function fingerprint(value: unknown): string {
  let h = 0x811c9dc5
  for (const ch of JSON.stringify(value)) {
    h ^= ch.charCodeAt(0)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36)
}

export const encodeCursor = (c: CursorValue) => Buffer.from(JSON.stringify(c)).toString('base64url')

export function decodeCursor(text: string | undefined, fp: string): CursorValue | null {
  if (!text) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    parsed = null
  }
  const c = Cursor.safeParse(parsed)
  if (!c.success)
    throw badRequest('This page link is not valid. Start again from the first page.', 'invalid_cursor')
  if (c.data.f !== fp)
    throw badRequest(
      'This page link belongs to a different search. Start again from the first page.',
      'invalid_cursor',
    )
  return c.data
}

/** How many of the newest matches a relevance search ranks (firstRelevantPage explains why). */
export const RELEVANCE_WINDOW = 300
/** How many of the newest jobs a relevance search looks through for them (ADR 067). */
export const RELEVANCE_SCAN = 5000

export interface Segment {
  where?: Part
  /** Ordered by text rank before date. */
  ranked: boolean
}
type Window = { ts: string; id: string } | null

/** Text of a PostgreSQL text[] literal, to pass a list as one value. */
const textArray = (items: string[]) => `{${items.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`

/** The segments of a sort. A relevance search ranks within its window; matches older than it follow by date. */
export function segmentsFor(
  sort: JobSort,
  opts: { state?: string; hasText: boolean; skills: string[]; window?: Window },
): Segment[] {
  const byDate = (where?: Part): Segment => ({ where, ranked: false })
  if (sort === 'newest') return [byDate()]
  if (sort === 'closest') {
    const loc = jobs.locationPreference
    const remote = { remote: REMOTE }
    if (opts.state && opts.state !== REMOTE) {
      const values = { state: opts.state, ...remote }
      return [
        byDate({ key: 'in-state', sql: () => sql`${loc} = ${ph('state')}`, values }),
        byDate({ key: 'remote', sql: () => sql`${loc} = ${ph('remote')}`, values: remote }),
        byDate({ key: 'elsewhere', sql: () => sql`${loc} not in (${ph('state')}, ${ph('remote')})`, values }),
      ]
    }
    return [
      byDate({ key: 'remote', sql: () => sql`${loc} = ${ph('remote')}`, values: remote }),
      byDate({ key: 'not-remote', sql: () => sql`${loc} <> ${ph('remote')}`, values: remote }),
    ]
  }
  if (opts.hasText) {
    const w = opts.window
    if (!w)
      return [
        { where: { key: 'open', sql: openSql }, ranked: true },
        { where: { key: 'not-open', sql: notOpenSql }, ranked: true },
      ]
    const values = { edgeTs: w.ts, edgeId: w.id }
    const edge = () => sql`(${ph('edgeTs')}::timestamptz, ${ph('edgeId')}::uuid)`
    // Later pages know the window by its edge (the first page reads it in its own statement: firstRelevantPage).
    const inside = () => sql`(${jobs.createdAt}, ${jobs.id}) >= ${edge()}`
    return [
      {
        where: { key: 'open-inside-edge', sql: () => sql`${openSql()} and ${inside()}`, values },
        ranked: true,
      },
      {
        where: { key: 'not-open-inside-edge', sql: () => sql`${notOpenSql()} and ${inside()}`, values },
        ranked: true,
      },
      byDate({ key: 'outside', sql: () => sql`(${jobs.createdAt}, ${jobs.id}) < ${edge()}`, values }),
    ]
  }
  if (!opts.skills.length)
    return [byDate({ key: 'open', sql: openSql }), byDate({ key: 'not-open', sql: notOpenSql })]
  // One text value cast to text[], so one query form serves every list of skills.
  const mine = () => sql`${jobs.skills} && (${ph('skills')}::text)::text[]`
  const values = { skills: textArray(opts.skills) }
  return [
    byDate({ key: 'open-mine', sql: () => sql`${openSql()} and ${mine()}`, values }),
    byDate({ key: 'open-not-mine', sql: () => sql`${openSql()} and not (${mine()})`, values }),
    byDate({ key: 'not-open', sql: notOpenSql }),
  ]
}

export interface Collected<R = JobView> {
  rows: R[]
  next: CursorValue | null
}

interface CollectParams {
  filters: FeedFilters
  text?: FeedText
  segments: Segment[]
  window?: Window
  after: CursorValue | null
  limit: number
  mode: TextMode
  fp: string
}

/**
 * Fills one page across segments, starting inside the cursor's segment. `json` reads each job as the API's JSON
 * text (the job browser and search), otherwise as a JobView (the manage list).
 */
export async function collect(db: Executor, p: CollectParams & { json?: false }): Promise<Collected>
export async function collect(db: Executor, p: CollectParams & { json: true }): Promise<Collected<JobJsonRow>>
export async function collect(
  db: Executor,
  p: CollectParams & { json?: boolean },
): Promise<Collected<JobView> | Collected<JobJsonRow>> {
  type Row = (JobView | JobJsonRow) & { seg: number }
  const rows: Row[] = []
  for (let s = p.after?.s ?? 0; s < p.segments.length && rows.length <= p.limit; s++) {
    const after = p.after && s === p.after.s ? { rank: p.after.r, ts: p.after.t, id: p.after.i } : null
    const page = {
      filters: p.filters,
      text: p.text,
      segment: p.segments[s].where,
      ranked: p.segments[s].ranked,
      after,
      limit: p.limit + 1 - rows.length,
      highlights: !!p.text,
    }
    const got: (JobView | JobJsonRow)[] = p.json
      ? await feedPage(db, { ...page, json: true })
      : await feedPage(db, page)
    for (const r of got) rows.push(Object.assign(r, { seg: s }))
  }
  return pageOf(rows, p) as Collected<JobView> | Collected<JobJsonRow>
}

/** A page of `limit` rows out of `limit + 1` read, and the cursor after it when the extra row says there is more. */
export function pageOf<R extends (JobView | JobJsonRow) & { seg: number }>(
  rows: R[],
  p: { limit: number; mode: TextMode; fp: string; window?: Window },
): Collected<R> {
  const page = rows.slice(0, p.limit)
  const last = page[page.length - 1]
  const next =
    rows.length > p.limit && last
      ? {
          s: last.seg,
          r: last.rank,
          t: last.cursorTs,
          i: 'job' in last ? last.job.id : last.id,
          m: p.mode,
          f: p.fp,
          ...(p.window ? { w: p.window } : {}),
        }
      : null
  return { rows: page, next }
}
