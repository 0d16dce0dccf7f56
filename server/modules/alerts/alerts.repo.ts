import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  alertDeliveries,
  alertPreferences,
  alertUnsubscribeTokens,
  savedSearches,
  type SavedSearchRow,
} from './alerts.tables'

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

export interface MatchRow {
  searchId: string
  userId: string
  /** The search's cursor as read (text, exact to the microsecond), so the sender can tell it did not move. */
  cursorAt: string
  jobId: string
}

export interface ApplicantRow {
  userId: string
  cursorAt: string
  applicationId: string
  jobId: string
  jobTitle: string
  applicantName: string
}

/**
 * Every (due search, new job) pair in one statement (ADR 064): new jobs and due searches meet on a key —
 * a word of the search's text query, else its category, state or payment type, else '*' — by a hash join, and
 * only those candidate pairs are checked against every filter and the full text query. `due` selects the
 * searches (alias s); a job is new to a search when created after its cursor and no later than `bound`.
 */
export const matchSql = (due: SQL, bound: string) => sql`
      with s as materialized (
        select id, user_id, cursor_at, category, state, payment_type, min_budget_paise, query_ts, match_keys
          from saved_searches s where ${due}),
      nj as materialized (
        select j.id, j.created_at, j.created_by, j.category, j.location_preference, j.payment_type, j.total_paise,
               j.search_vector
          from jobs j
         where j.created_at > (select min(cursor_at) from s) and j.created_at <= ${bound}::timestamptz
           and ${alertableJob('j')}),
      jk as materialized (
        select nj.*, k.key
          from nj cross join lateral unnest(
            array['*', 'c:' || nj.category, 's:' || nj.location_preference, 'p:' || nj.payment_type]
            || array(select 'w:' || l from unnest(tsvector_to_array(nj.search_vector)) l)) as k(key)),
      sk as materialized (
        select s.*, s.query_ts::tsquery as tsq, k.key from s cross join lateral unnest(s.match_keys) as k(key))
      select sk.id as "searchId", sk.user_id as "userId", sk.cursor_at::text as "cursorAt",
             jk.id as "jobId"
        from sk join jk on jk.key = sk.key
       where jk.created_at > sk.cursor_at
         and jk.created_by <> sk.user_id
         and (sk.category is null or jk.category = sk.category)
         and (sk.state is null or jk.location_preference = sk.state)
         and (sk.payment_type is null or jk.payment_type = sk.payment_type)
         and (sk.min_budget_paise is null or jk.total_paise >= sk.min_budget_paise)
         and (sk.tsq is null or jk.search_vector @@ sk.tsq)`

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

  async match(db: Executor, due: SQL, bound: string): Promise<MatchRow[]> {
    const res = await db.execute(matchSql(due, bound))
    // A search whose several words are all in a job meets it on each: one pair each, kept here (no sort in SQL).
    const seen = new Set<string>()
    return (res.rows as unknown as MatchRow[]).filter((r) => {
      const k = `${r.searchId}:${r.jobId}`
      return !seen.has(k) && !!seen.add(k)
    })
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
        from jobs where id = any(${uuidArray(ids)}) order by created_at desc, id desc`)
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
    const res = await db.execute(sql`select email, fullname from users where id = ${userId}::uuid`)
    return res.rows[0] as { email: string; fullname: string } | undefined
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
