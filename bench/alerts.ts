// Job alerts: 100,000 saved searches matched against a day's new jobs (2,000) as the alert sweep matches them
// (server/modules/alerts/alerts.repo.ts `match`, ADR 070): the time, and the (search, job) matches it found. Usage:
//   npm run bench:alerts                     PGlite (in memory), then PostgreSQL too when DATABASE_URL is set
//   BENCH_PGLITE=0 npm run bench:alerts      PostgreSQL only
//   BENCH_SEARCHES=20000 BENCH_NEW_JOBS=500  other sizes (BENCH_OLD_JOBS: older jobs, 20,000)
//   BENCH_CHECK=1                            also counts the matches by the plain rule, pair by pair, and compares
//                                            (slow: every search against every job; use a small size)
//   BENCH_KEEP=1                             keeps the PostgreSQL schema filled, for EXPLAIN by hand
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { CATEGORIES } from '../common/categories'
import { LOCATIONS } from '../common/locations'
import { SKILL_CATEGORIES } from '../common/skills'
import { openDatabase, type Database } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { alertsRepo, matchSql, type MatchRow } from '../server/modules/alerts/alerts.repo'
import { referenceMatchSql } from '../server/modules/alerts/alerts.reference'

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000)
const NEW_JOBS = Number(process.env.BENCH_NEW_JOBS ?? 2_000)
const OLD_JOBS = Number(process.env.BENCH_OLD_JOBS ?? 20_000)
const PEOPLE = Math.ceil(SEARCHES / 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

/** One-word skills as people type them: the text of saved searches and of job titles. */
const WORDS = [
  ...new Set(
    SKILL_CATEGORIES.flatMap((c) => c.skills)
      .flatMap((s) => s.toLowerCase().split(/[^a-z]+/))
      .filter((w) => w.length >= 3),
  ),
].slice(0, 300)

async function fill(db: Database['db']) {
  const json = (v: unknown) => JSON.stringify(v)
  await db.execute(sql`
    insert into users (user_id, username, fullname, email, role)
    select 'b' || g, 'bench' || g, 'Bench Person ' || g, 'bench' || g || '@example.in',
           case when g <= 200 then 'client' else 'freelancer' end
      from generate_series(1, ${PEOPLE + 200}) g`)
  // Jobs: a skewed choice of words (a few skills are in most posts), categories, states and payment types.
  const jobs = (n: number, from: string, to: string) => sql`
    with w as (select array(select json_array_elements_text(${json(WORDS)}::json)) as words),
         c as (select array(select json_array_elements_text(${json(CATEGORIES)}::json)) as cats),
         l as (select array(select json_array_elements_text(${json(LOCATIONS)}::json)) as locs)
    insert into jobs (title, description, category, payment_type, amount_paise, total_paise, status,
                      location_preference, created_by, created_at)
    select w.words[1 + floor(power(random(), 2) * array_length(w.words, 1))::int] || ' ' ||
           w.words[1 + floor(random() * array_length(w.words, 1))::int] || ' work',
           'Help with ' || w.words[1 + floor(random() * array_length(w.words, 1))::int] || ' for a small business',
           c.cats[1 + floor(random() * array_length(c.cats, 1))::int],
           (array['one-time', 'per-unit', 'recurring'])[1 + floor(random() * 3)::int],
           p, p, 'active',
           l.locs[1 + floor(power(random(), 3) * array_length(l.locs, 1))::int],
           (select id from users where user_id = 'b' || (1 + g % 200)),
           ${from}::timestamptz + random() * (${to}::timestamptz - ${from}::timestamptz)
      from generate_series(1, ${n}) g, w, c, l, lateral (select (500 + floor(random() * 200000)) * 100 as p) m`
  await db.execute(jobs(OLD_JOBS, '2026-01-01', '2026-11-01'))
  await db.execute(jobs(NEW_JOBS, new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString()))
  // Searches: 65 % text (with a category or state a third of the time), 25 % category and state, 9 % a state,
  // 1 % everything; a fifth with a minimum budget. Text and keys are made as alertsService.create makes them.
  await db.execute(sql`
    with w as (select array(select json_array_elements_text(${json(WORDS)}::json)) as words),
         c as (select array(select json_array_elements_text(${json(CATEGORIES)}::json)) as cats),
         l as (select array(select json_array_elements_text(${json(LOCATIONS)}::json)) as locs),
         raw as (
           select g, random() as kind, random() as extra,
                  w.words[1 + floor(random() * array_length(w.words, 1))::int] as word,
                  c.cats[1 + floor(random() * array_length(c.cats, 1))::int] as cat,
                  l.locs[1 + floor(random() * array_length(l.locs, 1))::int] as loc
             from generate_series(1, ${SEARCHES}) g, w, c, l),
         shaped as (
           select g, case when kind < 0.65 then word else '' end as q,
                  case when (kind < 0.65 and extra < 0.33) or (kind >= 0.65 and kind < 0.9) then cat end as category,
                  case when (kind < 0.65 and extra >= 0.33 and extra < 0.5) or (kind >= 0.65 and kind < 0.99)
                       then loc end as state,
                  case when extra > 0.8 then 500000 end as min_budget_paise
             from raw),
         typed as (
           select *, case when q <> '' then to_tsquery('english', quote_literal(q))::text end as query_ts from shaped)
    insert into saved_searches (user_id, q, category, state, min_budget_paise, frequency, query_ts, match_keys,
                                cursor_at)
    select (select id from users where user_id = 'b' || (201 + (g - 1) / 5)), q || ' ' || g, category, state,
           min_budget_paise, 'instant', query_ts,
           case when query_ts is not null
                  then array(select 'w:' || m[1] from regexp_matches(query_ts, '''([^'']+)''', 'g') m)
                else array['f:' || coalesce(category, '') || '|' || coalesce(state, '') || '|'] end,
           now() - interval '1 day'
      from typed`)
  await db.execute(sql`analyze`)
}

async function bench(name: string, database: Database) {
  const t0 = Date.now()
  await migrate(database)
  await fill(database.db)
  console.log(
    `${name}: ${SEARCHES.toLocaleString('en-IN')} searches, ${NEW_JOBS.toLocaleString('en-IN')} new jobs (+${OLD_JOBS.toLocaleString('en-IN')} older), made in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  )
  const bound = new Date().toISOString()
  const times: number[] = []
  let rows: MatchRow[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint()
    rows = await alertsRepo.match(database.db, sql`true`, bound)
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  if (process.env.BENCH_EXPLAIN === '1') {
    const plan = await database.db.execute(sql`explain (analyze, buffers) ${matchSql(sql`true`, bound)}`)
    console.log(plan.rows.map((r: Record<string, unknown>) => Object.values(r)[0]).join('\n'))
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]
  const pairs = rows.reduce((n, r) => n + r.jobIds.length, 0)
  const people = new Set(rows.map((r) => r.userId)).size
  const jobs = new Set(rows.flatMap((r) => r.jobIds)).size
  console.log(
    `${name}: match ${median.toFixed(0)} ms (median of ${RUNS}; runs ${times.map((t) => t.toFixed(0)).join(', ')} ms), ` +
      `${((median * 1000) / SEARCHES).toFixed(1)} µs per search; ${pairs.toLocaleString('en-IN')} matches ` +
      `((search, job) pairs) of ${rows.length.toLocaleString('en-IN')} searches of ` +
      `${people.toLocaleString('en-IN')} people, ${jobs.toLocaleString('en-IN')} jobs`,
  )
  if (process.env.BENCH_CHECK === '1') {
    const start = Date.now()
    const res = await database.db.execute(
      sql`select count(*)::int as n from (${referenceMatchSql(sql`true`, bound)}) r`,
    )
    const expected = Number((res.rows[0] as { n: number }).n)
    console.log(
      `${name}: the plain rule, pair by pair, counts ${expected.toLocaleString('en-IN')} matches in ` +
        `${((Date.now() - start) / 1000).toFixed(1)} s: ${expected === pairs ? 'the same' : 'DIFFERENT'}`,
    )
    if (expected !== pairs) process.exitCode = 1
  }
  return { median, pairs }
}

async function main() {
  if (process.env.BENCH_PGLITE !== '0') {
    const lite = await openDatabase({})
    try {
      await bench('PGlite', lite)
    } finally {
      await lite.close()
    }
  }
  if (process.env.DATABASE_URL) {
    const schemaName = `bench_alerts_${crypto.randomBytes(4).toString('hex')}`
    const pg = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName })
    try {
      await bench('PostgreSQL', pg)
    } finally {
      if (process.env.BENCH_KEEP === '1') console.log('kept schema', schemaName)
      else await pg.exec(`drop schema if exists ${schemaName} cascade`)
      await pg.close()
    }
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
