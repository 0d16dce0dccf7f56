import { sql, type SQL } from 'drizzle-orm'
import { alertableJob } from './alerts.repo'

/**
 * The alert rule written plainly, pair by pair, for the equivalence test and the bench's check (not for the sweep:
 * it tests every due search against every job). A job is alerted to a due search (`due`, alias s) when it is
 * alertable, published after the search's cursor and no later than `bound`, not posted by the search's owner, and
 * passes every filter and the text query. One row per (search, job).
 */
export const referenceMatchSql = (due: SQL, bound: string) => sql`
  select s.id::text as "searchId", j.id::text as "jobId"
    from saved_searches s
    join jobs j on j.published_at > s.cursor_at and j.published_at <= ${bound}::timestamptz and ${alertableJob('j')}
   where ${due}
     and j.created_by <> s.user_id
     and (s.category is null or j.category = s.category)
     and (s.state is null or j.location_preference = s.state)
     and (s.payment_type is null or j.payment_type = s.payment_type)
     and (s.min_budget_paise is null or j.total_paise >= s.min_budget_paise)
     and (s.query_ts is null or j.search_vector @@ s.query_ts::tsquery)`
