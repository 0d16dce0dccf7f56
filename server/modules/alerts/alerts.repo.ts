import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Language } from '@common/languages'
import type { Db, Executor } from '../../db/client'
import {
  alertDeliveries,
  alertPreferences,
  alertUnsubscribeTokens,
  savedSearches,
  type SavedSearchRow,
} from './alerts.tables'
import { jobsBySearch } from './alerts.pairs'

/** A uuid[] from a list, as one JSON parameter (one bind for any number of ids). */
export const uuidArray = (ids: readonly string[]) =>
  sql`array(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid)`

/**
 * Jobs an alert may carry: public, open, and cleared by moderation (a job held for review is not public). The job
 * list shows the same jobs minus closed ones, so an alert never names a job a search would not show.
 */
export const alertableJob = (j: string) =>
  sql.raw(
    `${j}.status = 'active' and ${j}.archived_at is null and ${j}.moderation_status = 'clear' ` +
      `and (${j}.deadline is null or ${j}.deadline >= now())`,
  )

/** A due search that matched new jobs: its cursor as read, and the jobs. */
export interface MatchRow {
  searchId: string
  userId: string
  /** The search's cursor as read (text, exact to the microsecond), so the sender can tell it did not move. */
  cursorAt: string
  jobIds: string[]
}

export interface ApplicantRow {
  userId: string
  cursorAt: string
  applicationId: string
  jobId: string
  jobTitle: string
  applicantName: string
}

/** The keys a job is found under (alerts.keys.ts): its lexemes, and its filters each kept or left empty. */
const jobKeys = (j: string) => {
  const parts = [`${j}.category`, `${j}.location_preference`, `${j}.payment_type`]
  const combos = [0, 1, 2, 3, 4, 5, 6, 7].map(
    (bits) =>
      `'f:' || ${parts.map((p, i) => (bits & (1 << i) ? `coalesce(${p}, '')` : `''`)).join(` || '|' || `)}`,
  )
  return sql.raw(
    `array(select 'w:' || l from unnest(tsvector_to_array(${j}.search_vector)) l) || array[${combos.join(', ')}]`,
  )
}

/**
 * The matching (ADR 070), for the new jobs — public, published after the oldest due cursor and no later than
 * `bound` — and the due searches (`due`, alias s): both sides are spread by their keys and meet by a hash join on
 * the key, one scan of the due searches for any number of jobs; only the candidates that share a key are checked
 * against the whole rule (cursor before the job's publishing, not the job's poster, every filter, the text query).
 * One row per job that found any: its id and the numbers (`saved_searches.num`) of its searches, comma-separated (a
 * search stored under several of the job's words is named once per word: the reader drops the repeats).
 */
export const matchSql = (due: SQL, bound: string) => sql`
      with nj as materialized (
        select j.id, j.published_at, j.created_by, j.category, j.location_preference, j.payment_type, j.total_paise,
               j.search_vector, ${jobKeys('j')} as keys
          from jobs j
         where j.published_at > (select min(s.cursor_at) from saved_searches s where ${due})
           and j.published_at <= ${bound}::timestamptz and ${alertableJob('j')}),
      jk as materialized (select nj.*, k.key from nj cross join lateral unnest(nj.keys) k(key)),
      sk as materialized (
        select s.num, s.user_id, s.cursor_at, s.category, s.state, s.payment_type, s.min_budget_paise, s.tsq, k.key
          from saved_searches s cross join lateral unnest(s.match_keys) k(key)
         where ${due})
      select jk.id::text as id, string_agg(sk.num::text, ',') as nums
        from jk join sk on sk.key = jk.key
       where sk.cursor_at < jk.published_at
         and sk.user_id <> jk.created_by
         and (sk.category is null or sk.category = jk.category)
         and (sk.state is null or sk.state = jk.location_preference)
         and (sk.payment_type is null or sk.payment_type = jk.payment_type)
         and (sk.min_budget_paise is null or jk.total_paise >= sk.min_budget_paise)
         and (sk.tsq is null or jk.search_vector @@ sk.tsq)
       group by jk.id`

export const alertsRepo = {
  async ofUser(db: Executor, userId: string): Promise<SavedSearchRow[]> {
    return db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
  },
  async countOf(db: Executor, userId: string): Promise<number> {
    const res = await db.execute(
      sql`select count(*)::int as n from saved_searches where user_id = ${userId}::uuid`,
    )
    return Number((res.rows[0] as { n: number }).n)
  },
  async byId(db: Executor, id: string): Promise<SavedSearchRow | undefined> {
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id))
    return row
  },
  async insert(db: Executor, values: typeof savedSearches.$inferInsert): Promise<SavedSearchRow> {
    return (await db.insert(savedSearches).values(values).returning())[0]
  },
  async setFrequency(db: Executor, id: string, frequency: SavedSearchRow['frequency']) {
    return (await db.update(savedSearches).set({ frequency }).where(eq(savedSearches.id, id)).returning())[0]
  },
  async remove(db: Executor, id: string): Promise<void> {
    await db.delete(savedSearches).where(eq(savedSearches.id, id))
  },

  /** The every-word text query, normalized as the jobs' search vectors are, and its lexemes. */
  async normalize(db: Executor, tsquery: string): Promise<{ queryTs: string; lexemes: string[] }> {
    const res = await db.execute(sql`select to_tsquery('english', ${tsquery})::text as q`)
    const queryTs = String((res.rows[0] as { q: string }).q ?? '')
    const lexemes = [...new Set([...queryTs.matchAll(/'([^']+)'/g)].map((m) => m[1]))]
    return { queryTs, lexemes }
  },

  async applicantPreference(db: Executor, userId: string) {
    const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId))
    return row?.applicants ?? 'off'
  },
  /** Sets the choice; turning it on starts the window now, so no old applicants arrive in the first mail. */
  async setApplicantPreference(db: Executor, userId: string, applicants: 'instant' | 'daily' | 'off') {
    await db
      .insert(alertPreferences)
      .values({ userId, applicants })
      .onConflictDoUpdate({
        target: alertPreferences.userId,
        set: {
          applicants,
          applicantsCursorAt: sql`case when ${alertPreferences.applicants} = 'off' then now() else ${alertPreferences.applicantsCursorAt} end`,
          applicantsDigestAt: sql`case when ${alertPreferences.applicants} = 'off' then app_now() else ${alertPreferences.applicantsDigestAt} end`,
        },
      })
  },

  async insertToken(db: Executor, values: typeof alertUnsubscribeTokens.$inferInsert) {
    await db.insert(alertUnsubscribeTokens).values(values)
  },
  /** Uses a token (again is fine): stops what it names; its row, or undefined when no such token exists. */
  async useToken(db: Executor, tokenHash: string) {
    const [t] = await db
      .update(alertUnsubscribeTokens)
      .set({ usedAt: sql`coalesce(${alertUnsubscribeTokens.usedAt}, now())` })
      .where(eq(alertUnsubscribeTokens.tokenHash, tokenHash))
      .returning()
    if (!t) return undefined
    if (t.searchIds.length)
      await db.execute(
        sql`delete from saved_searches where user_id = ${t.userId}::uuid and id = any(${uuidArray(t.searchIds)})`,
      )
    if (t.applicants)
      await db
        .update(alertPreferences)
        .set({ applicants: 'off' })
        .where(eq(alertPreferences.userId, t.userId))
    return t
  },

  /** People who had `max` alert mails since `since` (the India day's start): theirs wait for tomorrow. */
  cappedUsers: (since: Date, max: number): SQL =>
    sql`(select user_id from alert_deliveries where sent_at >= ${since.toISOString()}::timestamptz
          group by user_id having count(*) >= ${max})`,

  /**
   * The due searches that match new jobs, with the jobs. Two statements in one snapshot: the jobs with the numbers
   * of their searches, then those searches (each read once, however many jobs found it).
   */
  async match(db: Db, due: SQL, bound: string): Promise<MatchRow[]> {
    return db.transaction(
      async (tx) => {
        // A large sweep (a day's jobs at 09:00) keeps the join's hash table and the per-job lists in memory, and
        // groups by hashing: the planner cannot count a CTE's rows and would sort millions of pairs it thinks few.
        await tx.execute(sql`set local work_mem = '128MB'`)
        await tx.execute(sql`set local enable_sort = off`)
        const found = (await tx.execute(matchSql(due, bound))).rows as { id: string; nums: string }[]
        const jobsOf = jobsBySearch(found)
        if (!jobsOf.size) return []
        const res = await tx.execute(sql`
          select num::text as num, id::text as "searchId", user_id::text as "userId", cursor_at::text as "cursorAt"
            from saved_searches where num = any(${`{${[...jobsOf.keys()].join(',')}}`}::bigint[])`)
        return (res.rows as { num: string; searchId: string; userId: string; cursorAt: string }[]).map(
          ({ num, ...s }) => ({ ...s, jobIds: jobsOf.get(Number(num))! }),
        )
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
  },

  /** Locks the searches and answers whether each cursor is still what the match read (nobody sent them since). */
  async claim(db: Executor, cursors: Map<string, string>): Promise<boolean> {
    const ids = [...cursors.keys()]
    const res = await db.execute(
      sql`select id, cursor_at::text as c from saved_searches where id = any(${uuidArray(ids)}) for update`,
    )
    const rows = res.rows as { id: string; c: string }[]
    return rows.length === ids.length && rows.every((r) => cursors.get(r.id) === r.c)
  },

  /** Of these jobs, the ones this person was never alerted to, now marked as alerted. */
  async firstTimeJobs(db: Executor, userId: string, jobIds: string[]): Promise<string[]> {
    const res = await db.execute(sql`
      insert into alert_sent_jobs (user_id, job_id)
      select ${userId}::uuid, j from unnest(${uuidArray(jobIds)}) j
      on conflict do nothing returning job_id`)
    return (res.rows as { job_id: string }[]).map((r) => r.job_id)
  },

  async jobsForMail(db: Executor, ids: string[]) {
    const res = await db.execute(sql`
      select id, title, category, location_preference as location, payment_type as "paymentType",
             total_paise as "totalPaise", created_at as "createdAt"
        from jobs where id = any(${uuidArray(ids)}) order by published_at desc nulls last, id desc`)
    return res.rows as {
      id: string
      title: string
      category: string
      location: string
      paymentType: string
      totalPaise: number | string
    }[]
  },

  /** Moves searches past `bound`; digests also record that their turn was handled now. */
  async advance(db: Executor, where: SQL, bound: string, sent: boolean) {
    await db.execute(sql`
      update saved_searches s
         set cursor_at = ${bound}::timestamptz,
             digest_at = case when s.frequency = 'instant' then s.digest_at else app_now() end
             ${sent ? sql`, last_sent_at = app_now()` : sql``}
       where ${where} and s.cursor_at < ${bound}::timestamptz`)
  },

  async recordDelivery(db: Executor, userId: string, kind: 'jobs' | 'applicants', itemCount: number) {
    await db.insert(alertDeliveries).values({ userId, kind, itemCount })
  },

  async userContact(db: Executor, userId: string) {
    const res = await db.execute(sql`select email, fullname, language from users where id = ${userId}::uuid`)
    return res.rows[0] as { email: string; fullname: string; language: Language } | undefined
  },

  /** New applications on the jobs of people whose applicant mail is due, in one statement. */
  async newApplicants(db: Executor, due: SQL, bound: string): Promise<ApplicantRow[]> {
    const res = await db.execute(sql`
      select p.user_id as "userId", p.applicants_cursor_at::text as "cursorAt", a.id as "applicationId",
             j.id as "jobId", j.title as "jobTitle", u.fullname as "applicantName"
        from alert_preferences p
        join jobs j on j.created_by = p.user_id
        join applications a on a.job_id = j.id
         and a.created_at > p.applicants_cursor_at and a.created_at <= ${bound}::timestamptz
        join users u on u.id = a.applicant_id
       where ${due}
       order by a.created_at, a.id`)
    return res.rows as unknown as ApplicantRow[]
  },

  /** Moves a person's applicant window past `bound` if it is still where it was read; whether it moved. */
  async advanceApplicants(db: Executor, where: SQL, bound: string): Promise<number> {
    const res = await db.execute(sql`
      update alert_preferences p
         set applicants_cursor_at = ${bound}::timestamptz,
             applicants_digest_at = case when p.applicants = 'daily' then app_now() else p.applicants_digest_at end
       where ${where} and p.applicants_cursor_at < ${bound}::timestamptz
       returning p.user_id`)
    return res.rows.length
  },

  /** Forgets alerted jobs and used or old links after `days` (no cursor reaches that far back). */
  async prune(db: Executor, days: number) {
    await db.execute(sql`delete from alert_sent_jobs where sent_at < now() - ${days} * interval '1 day'`)
    await db.execute(
      sql`delete from alert_unsubscribe_tokens where created_at < now() - ${days * 6} * interval '1 day'`,
    )
  },
}

export const searchOwnedBy = (id: string, userId: string) =>
  and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))
