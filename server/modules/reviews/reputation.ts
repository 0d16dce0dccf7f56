import { sql, type SQL } from 'drizzle-orm'
import type { Badge, ClientTrustDtoType, RatingDtoType, ReputationDtoType } from '@common/schemas/review'
import type { Executor } from '../../db/client'
import { visibleSql } from './reviews.repo'

/** Average to one decimal, null with no reviews. */
export const ratingOf = (count: number, sum: number): RatingDtoType => ({
  count,
  average: count > 0 ? Math.round((sum / count) * 10) / 10 : null,
})

/**
 * A profile's facts (ADR 060), in one statement: the visible rating, contracts completed as freelancer (ended with
 * money released), how many of those were first delivered before the job's deadline, and the badges.
 */
export async function reputationOf(db: Executor, userId: string, days: number): Promise<ReputationDtoType> {
  const u = sql`${userId}::uuid`
  const res = await db.execute(sql`
    with done as (
      select c.id, c.job_id, c.freelancer_id, j.deadline
        from contracts c join review_windows w on w.contract_id = c.id join jobs j on j.id = c.job_id
       where c.freelancer_id = ${u} and c.released_paise > 0
    ), delivered as (
      select d.deadline, least(
          (select min(e.created_at) from contract_events e where e.contract_id = d.id and e.kind = 'submitted'),
          (select min(we.created_at) from job_work_events we
            where we.job_id = d.job_id and we.freelancer_id = d.freelancer_id and we.kind = 'submit_work')
        ) as first_at
        from done d
    )
    select
      (select count(*) from reviews r join review_windows w on w.contract_id = r.contract_id
        where r.subject_id = ${u} and ${visibleSql(days)}) as n,
      (select coalesce(sum(r.rating), 0) from reviews r join review_windows w on w.contract_id = r.contract_id
        where r.subject_id = ${u} and ${visibleSql(days)}) as s,
      (select count(*) from done) as completed,
      (select count(*) from delivered where deadline is not null and first_at < deadline) as on_time,
      (select count(*) from delivered where deadline is not null) as with_deadline,
      exists (select 1 from jobs where created_by = ${u} and funded_paise > 0) as payment_verified,
      exists (select 1 from payout_accounts where user_id = ${u} and status = 'activated') as pan_verified`)
  const r = res.rows[0] as Record<string, unknown>
  const yes = (v: unknown) => v === true || v === 't'
  const badges: Badge[] = []
  if (yes(r.payment_verified)) badges.push('payment_verified')
  if (yes(r.pan_verified)) badges.push('pan_verified')
  return {
    rating: ratingOf(Number(r.n), Number(r.s)),
    jobsCompleted: Number(r.completed),
    onTimeDeliveries: Number(r.on_time),
    deliveriesWithDeadline: Number(r.with_deadline),
    badges,
  }
}

/**
 * A job's poster on its card (ADR 060), as one column of the job's own statement: whether they funded escrow ever,
 * and their visible rating. Job lists read `visible_at` only (set when both wrote or by the window task), never the
 * clock, so the hot path stays one statement with two index probes per row.
 */
export const clientTrustSql = (createdBy: SQL | unknown): SQL => sql`(select json_build_object(
    'v', exists (select 1 from jobs fj where fj.created_by = ${createdBy} and fj.funded_paise > 0),
    'n', count(*), 's', coalesce(sum(rv.rating), 0))
  from reviews rv where rv.subject_id = ${createdBy} and rv.visible_at is not null)`

/**
 * The tie-break among equally relevant jobs (ADR 060): a verified client first (1000), then by average rating
 * (100 × stars, 0 with no visible review). An integer, so it round-trips exactly in a page cursor.
 */
export const clientTrustScoreSql = (createdBy: SQL | unknown): SQL => sql`((case when exists (
    select 1 from jobs fj where fj.created_by = ${createdBy} and fj.funded_paise > 0) then 1000 else 0 end)
  + coalesce((select round(avg(rv.rating) * 100)::int from reviews rv
      where rv.subject_id = ${createdBy} and rv.visible_at is not null), 0))::int`

/**
 * `toClientTrust` in SQL, over the json `clientTrustSql` makes: the same average, computed in float8 as JavaScript
 * does (`Math.round(x)` is `floor(x + 0.5)`; PostgreSQL's round() of a float8 rounds half to even).
 */
export const clientTrustDtoSql = (trust: SQL): SQL => sql`(select json_build_object(
    'paymentVerified', coalesce((t.j->>'v')::boolean, false),
    'rating', json_build_object('count', coalesce((t.j->>'n')::int, 0), 'average', case when (t.j->>'n')::int > 0
      then floor((t.j->>'s')::float8 / (t.j->>'n')::float8 * 10 + 0.5) / 10 end))
  from (select ${trust} as j) t)`

/** Reads the json column clientTrustSql makes (text or parsed, depending on the driver). */
export function toClientTrust(v: unknown): ClientTrustDtoType {
  const o = (typeof v === 'string' ? JSON.parse(v) : v) as { v?: boolean; n?: number; s?: number } | null
  return { paymentVerified: !!o?.v, rating: ratingOf(Number(o?.n ?? 0), Number(o?.s ?? 0)) }
}
