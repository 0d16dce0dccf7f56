// The benchmark's data: users, jobs, applications, conversations, messages, notifications and posts at the sizes
// asked for, made inside the database by `insert … select … from generate_series(…)` (ADR 021), so a million rows
// cost one statement and no round trips. Every step tops a table up to its target, so a kept database (BENCH_DB)
// is reused as it is and a growth run only adds the jobs it lacks.
import { generateJobs, toJobRows } from '../server/seed/demo-jobs'
import { jobs } from '../server/db/schema'
import type { Db } from '../server/db/client'

/** Runs one statement on a single connection (session settings must stick) and returns its rows. */
export type Run = (text: string) => Promise<any[]>

export interface Volumes {
  users: number
  jobs: number
  applications: number
  conversations: number
  messages: number
  notifications: number
  posts: number
  likes: number
  comments: number
}

/** The issue's sizes times `scale` (1 = 20k users, 100k jobs, 200k applications, 1M messages, 100k posts). */
export function volumesFor(scale: number, jobCount?: number): Volumes {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale))
  return {
    users: n(20_000, 200),
    jobs: jobCount ?? n(100_000, 2_000),
    applications: n(200_000, 1_000),
    conversations: n(60_000, 300),
    messages: n(1_000_000, 5_000),
    notifications: n(200_000, 1_000),
    posts: n(100_000, 500),
    likes: n(300_000, 1_000),
    comments: n(100_000, 500),
  }
}

/** The first HEAVY bench users carry most of the load: many conversations, notifications, applications. */
export const HEAVY = 10
/** Distinct demo jobs the generated ones are copied from (titles get a number, so no two are equal). */
const POOL = 2000

const FIRST = `array['Aarav','Vivaan','Aditya','Vihaan','Arjun','Sai','Reyansh','Ayaan','Krishna','Ishaan','Ananya',
  'Diya','Saanvi','Aadhya','Pari','Anika','Navya','Myra','Kavya','Meera','Rohan','Kabir','Neha','Pooja','Rahul',
  'Sneha','Vikram','Lakshmi','Farhan','Zoya','Harpreet','Gurpreet','Lalit','Deepika','Suresh','Priya','Nikhil',
  'Tanvi','Omkar','Shreya']`
const LAST = `array['Sharma','Verma','Iyer','Nair','Reddy','Patel','Shah','Mehta','Gupta','Singh','Kaur','Das','Bose',
  'Banerjee','Mukherjee','Rao','Naidu','Pillai','Menon','Kulkarni','Deshpande','Joshi','Chopra','Malhotra','Khan',
  'Ansari','Fernandes','DSouza','Gill','Sethi']`
const SKILLS = `array['React,TypeScript,Node.js', 'Figma,UI/UX,Illustrator', 'Python,Django,PostgreSQL',
  'Content Writing,SEO,Hindi', 'Tally,GST,Excel', 'Video Editing,Premiere Pro', 'Android,Kotlin', 'Data Entry,Excel',
  'Digital Marketing,Instagram', 'Kannada,Translation', 'Flutter,Dart,Firebase', 'AutoCAD,Interior Design']`
const SENTENCES = `array['Shipped a new landing page for a client in Pune today.',
  'Looking for a UI/UX designer for a two-week sprint, DM me.',
  'Finished my first React Native app, feedback welcome!',
  'Tips for freelancers: always agree milestones before starting.',
  'Our Bengaluru team is hiring interns for data analysis.',
  'Just got paid through escrow, smooth experience.',
  'Anyone attending the Hyderabad design meetup this weekend?',
  'Translated a 40-page manual from English to Kannada this week.',
  'Wrote a short guide on GST invoices for freelancers.',
  'Open to video editing work, Premiere Pro and DaVinci.']`

const count = async (run: Run, from: string) =>
  Number((await run(`select count(*)::int as n from ${from}`))[0].n)

/** Drops the table's plain indexes (not those behind constraints) and returns their definitions to rebuild. */
async function dropIndexes(run: Run, table: string): Promise<string[]> {
  const rows = await run(`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
     where i.indrelid = '${table}'::regclass
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
  for (const r of rows) await run(`drop index ${r.name}`)
  return rows.map((r) => r.def)
}

/**
 * Bulk loads rows with the table's secondary indexes rebuilt afterwards (one sort per index beats a million GIN
 * inserts) and, with `noChecks`, without foreign-key triggers: the generator picks every reference from rows that
 * exist, so the checks would only cost time.
 */
async function bulk(run: Run, table: string, rows: number, insert: string, noChecks = true) {
  const defs = rows >= 20_000 ? await dropIndexes(run, table) : []
  if (noChecks) await run(`set session_replication_role = replica`)
  try {
    await run(insert)
  } finally {
    if (noChecks) await run(`set session_replication_role = origin`)
    for (const d of defs) await run(d)
  }
}

/** Where the time went, step by step. */
export interface GenerateReport {
  seconds: number
  steps: { step: string; added: number; seconds: number }[]
  counts: Record<string, number>
}

/**
 * Tops the database up to `v`. Expects the schema migrated and the demo seed loaded (for companies and the first
 * client). `db` is only used to insert the pool of demo jobs with their real column mapping.
 */
export async function generate(run: Run, db: Db, v: Volumes, log = console.log): Promise<GenerateReport> {
  const t0 = Date.now()
  const steps: GenerateReport['steps'] = []
  const step = async (name: string, target: number, have: number, fn: (missing: number) => Promise<void>) => {
    if (have >= target) return
    const t = Date.now()
    await fn(target - have)
    const seconds = (Date.now() - t) / 1000
    steps.push({ step: name, added: target - have, seconds })
    log(`  ${name}: +${target - have} in ${seconds.toFixed(1)} s`)
  }
  await run(
    `create table if not exists bench_users (n int primary key, id uuid not null, client boolean not null)`,
  )
  await run(`create table if not exists bench_jobs (n int primary key, id uuid not null)`)
  await run(`create table if not exists bench_convs (n int primary key, id uuid not null, a uuid, b uuid)`)
  await run(`select setseed(0.42)`)

  // Users: one in ten is a client; skills, bios and names from small lists, as real profiles repeat them.
  await step('users', v.users, await count(run, 'bench_users'), async () => {
    const from = (await count(run, 'bench_users')) + 1
    await run(`
      insert into users (user_id, username, fullname, email, role, bio, skills, created_at)
      select 'bu' || g, 'bench_user_' || g,
             (${FIRST})[1 + g % 40] || ' ' || (${LAST})[1 + (g / 40) % 30],
             'bench' || g || '@bench.microlance.in',
             case when g % 10 = 1 then 'client' else 'freelancer' end,
             'Freelancer from India, ' || (2 + g % 12) || ' years of experience.',
             string_to_array((${SKILLS})[1 + g % 12], ','),
             now() - (g % 720) * interval '1 day'
        from generate_series(${from}, ${v.users}) g`)
    await run(`
      insert into bench_users (n, id, client)
      select substr(user_id, 3)::int, id, role = 'client' from users
       where user_id ~ '^bu[0-9]+$' and substr(user_id, 3)::int >= ${from}`)
  })
  const users = await count(run, 'bench_users')
  const clients = Math.max(1, Math.floor(users / 10))

  // Jobs: a pool of distinct demo jobs (real titles, skills, money models), then numbered copies of them, posted
  // by clients picked with a skew (a few post thousands), a few minutes apart going back in time.
  const haveJobs = await count(run, 'jobs')
  await step('jobs', v.jobs, haveJobs, async () => {
    const pooled = await count(run, `pg_tables where tablename = 'bench_job_pool'`)
    if (!pooled) {
      const creator = (await run(`select id from bench_users where client order by n limit 1`))[0].id
      const company = (await run(`select id from companies order by created_at limit 1`))[0]?.id
      const rows = toJobRows(
        generateJobs(POOL),
        {
          users: new Proxy({}, { get: () => creator }),
          companies: new Proxy({}, { get: () => company }),
        },
        Date.now(),
      )
      for (let i = 0; i < rows.length; i += 500) await db.insert(jobs).values(rows.slice(i, i + 500))
      await run(`create table bench_job_pool as
        select row_number() over (order by created_at desc, id)::int as n, * from jobs
         where created_by = '${creator}'`)
    }
    const pool = await count(run, 'bench_job_pool')
    const from = (await count(run, 'jobs')) + 1
    const cols = (
      await run(`select column_name from information_schema.columns
                  where table_schema = current_schema() and table_name = 'jobs'
                    and column_name not in ('id', 'title', 'created_by', 'created_at', 'updated_at', 'search_vector')
                  order by ordinal_position`)
    ).map((r) => r.column_name as string)
    // The statement trigger adds each job's words to the search word list; copies add no word the pool lacks
    // (the number is not a word), so it is off while they go in.
    await run(`alter table jobs disable trigger jobs_terms_inserted`)
    try {
      await bulk(
        run,
        'jobs',
        v.jobs - from + 1,
        `insert into jobs (title, created_by, created_at, updated_at, ${cols.join(', ')})
         select left(p.title, 110) || ' #' || g, c.id, t, t, ${cols.map((c) => `p.${c}`).join(', ')}
           from (select g, 1 + (g % ${pool}) as pn, 1 + 10 * floor(${clients} * power(random(), 2))::int as cn,
                        now() - g * interval '3 minutes' as t
                   from generate_series(${from}, ${v.jobs}) g) x
           join bench_job_pool p on p.n = x.pn
           join bench_users c on c.n = x.cn`,
        false, // the search vector trigger must run
      )
    } finally {
      await run(`alter table jobs enable trigger jobs_terms_inserted`)
    }
    await run(`analyze jobs`)
  })
  await run(`
    insert into bench_jobs (n, id)
    select (select count(*) from bench_jobs) + row_number() over (order by created_at desc, id), id
      from jobs j where archived_at is null and not exists (select 1 from bench_jobs b where b.id = j.id)`)
  const jobCount = await count(run, 'bench_jobs')

  // Applications: newer jobs draw more applicants; the heavy freelancers apply to hundreds of jobs each.
  await step('applications', v.applications, await count(run, 'applications'), async (missing) => {
    const heavyEach = Math.min(jobCount, Math.max(20, Math.round(v.applications / 200)))
    await bulk(
      run,
      'applications',
      missing,
      `insert into applications (job_id, applicant_id, cover_letter, status, created_at, updated_at)
       select j.id, u.id, 'I have done this kind of work before and can start this week.',
              (array['pending','pending','pending','accepted','rejected','interview','offer'])[1 + floor(random() * 7)::int],
              now() - random() * interval '60 days', now()
         from (select 1 + floor(${jobCount} * power(random(), 2))::int as jn,
                      ${HEAVY + 1} + floor(${users - HEAVY} * random())::int as un
                 from generate_series(1, ${Math.max(0, Math.ceil(missing * 1.12) - heavyEach * (HEAVY - 1))})
               union all
               select 1 + floor(${jobCount} * random())::int, h
                 from generate_series(2, ${HEAVY}) h, generate_series(1, ${heavyEach})) x
         join bench_jobs j on j.n = x.jn
         join bench_users u on u.n = x.un and not u.client
       on conflict do nothing`,
    )
  })

  // Conversations: each heavy user talks with many people; the rest are pairs skewed towards active users.
  await step('conversations', v.conversations, await count(run, 'bench_convs'), async (missing) => {
    const heavyEach = Math.round((missing * 0.3) / HEAVY)
    await run(`
      insert into conversations (user_a, user_b, last_message_at, created_at)
      select least(a.id, b.id), greatest(a.id, b.id), now(), now() - interval '200 days'
        from (select h as an, ${HEAVY + 1} + floor(${users - HEAVY} * random())::int as bn
                from generate_series(1, ${HEAVY}) h, generate_series(1, ${heavyEach})
              union all
              select 1 + floor(${users} * power(random(), 2))::int, 1 + floor(${users} * random())::int
                from generate_series(1, ${Math.ceil((missing - heavyEach * HEAVY) * 1.1)})) x
        join bench_users a on a.n = x.an
        join bench_users b on b.n = x.bn
       where a.id <> b.id
      on conflict do nothing`)
    // Numbered heavy users first, so the skewed pick below gives their conversations the most messages.
    await run(`
      insert into bench_convs (n, id, a, b)
      select (select count(*) from bench_convs) + row_number() over (order by coalesce(least(ua.n, ub.n), 1000000000), c.id),
             c.id, c.user_a, c.user_b
        from conversations c
        left join bench_users ua on ua.id = c.user_a
        left join bench_users ub on ub.id = c.user_b
       where not exists (select 1 from bench_convs x where x.id = c.id)
       limit ${missing}`)
  })
  const convs = await count(run, 'bench_convs')

  // Messages: spread over conversations with a long tail (a few hold tens of thousands), in time order so the
  // sequence (the chat cursor) follows time; all but the newest few per cent are read; one in fifty names a job.
  await step('messages', v.messages, await count(run, 'messages'), async (missing) => {
    await bulk(
      run,
      'messages',
      missing,
      `insert into messages (conversation_id, sender_id, receiver_id, job_id, content, created_at, read_at)
       select c.id, case when x.s then c.a else c.b end, case when x.s then c.b else c.a end,
              case when x.g % 50 = 0 then (array(select id from bench_jobs where n <= 500))[1 + x.g % 500] end,
              (${SENTENCES})[1 + x.g % 10], x.t,
              case when x.g < ${Math.floor(missing * 0.97)} then x.t + interval '5 minutes' end
         from (select g, 1 + floor(${convs} * power(random(), 3))::int as cn, random() < 0.5 as s,
                      now() - (${missing} - g) * interval '15 seconds' as t
                 from generate_series(1, ${missing}) g) x
         join bench_convs c on c.n = x.cn
        order by x.g`,
    )
    await run(`
      update conversations c set last_message_at = m.t, created_at = least(c.created_at, m.f)
        from (select conversation_id, max(created_at) as t, min(created_at) as f from messages group by 1) m
       where m.conversation_id = c.id`)
    await run(`analyze messages`)
    await run(`analyze conversations`)
  })

  // Notifications: a handful per person, thousands for the heavy users; older ones read.
  await step('notifications', v.notifications, await count(run, 'notifications'), async (missing) => {
    const heavyEach = Math.round((missing * 0.2) / HEAVY)
    await bulk(
      run,
      'notifications',
      missing,
      `insert into notifications (user_id, type, message, metadata, is_read, created_at)
       select u.id, (array['application','application_accepted','message','post_liked','post_commented','system'])[1 + x.g % 6],
              (array['Someone applied to your job','Your application was accepted','You have a new message',
                     'Someone liked your post','Someone commented on your post','Welcome to Microlance'])[1 + x.g % 6],
              '{}'::jsonb, x.t < now() - interval '3 days', x.t
         from (select g, 1 + floor(${users} * random())::int as un, now() - random() * interval '90 days' as t
                 from generate_series(1, ${Math.max(0, missing - heavyEach * HEAVY)}) g
               union all
               select g, h, now() - random() * interval '90 days'
                 from generate_series(1, ${HEAVY}) h, generate_series(1, ${heavyEach}) g) x
         join bench_users u on u.n = x.un`,
    )
  })

  // Posts: authors skewed towards active users; one in ten with an image (an upload and its thumbnail).
  await step('posts', v.posts, await count(run, 'posts'), async (missing) => {
    // The search vector trigger must run (search finds posts, 0009_posts_search.sql); the statement trigger that
    // adds each post's words to the search word list is off, and the ten sentences' words go in once instead.
    await run(`select search_terms_add(${SENTENCES})`)
    await run(`alter table posts disable trigger posts_terms_inserted`)
    try {
      await bulk(
        run,
        'posts',
        missing,
        `insert into posts (author_id, content, created_at)
         select u.id, (${SENTENCES})[1 + x.g % 10], now() - x.g * interval '2 minutes'
           from (select g, 1 + floor(${users} * power(random(), 2))::int as un
                   from generate_series(1, ${missing}) g) x
           join bench_users u on u.n = x.un`,
        false,
      )
    } finally {
      await run(`alter table posts enable trigger posts_terms_inserted`)
    }
    await run(`create table if not exists bench_posts (n int primary key, id uuid not null)`)
    await run(`insert into bench_posts select (select count(*) from bench_posts) + row_number() over (order by created_at desc, id), id
                 from posts p where not exists (select 1 from bench_posts b where b.id = p.id)`)
    await run(`
      with pick as (
        select p.id as post_id, p.author_id, p.created_at, gen_random_uuid() as upload_id, p.id::text as k
          from posts p
         where not exists (select 1 from post_media m where m.post_id = p.id) and random() < 0.1
      ), main as (
        insert into uploads (id, owner_id, kind, file_name, mime, size, width, height, claimed_at, created_at)
        select upload_id, author_id, 'post_image', 'bench-' || k || '.webp', 'image/webp', 120000, 1280, 960,
               created_at, created_at from pick
      ), thumb as (
        insert into uploads (owner_id, kind, parent_id, variant, file_name, mime, size, width, height, claimed_at,
                             created_at)
        select author_id, 'post_image', upload_id, 'thumb', 'bench-' || k || '-thumb.webp', 'image/webp', 9000,
               320, 240, created_at, created_at from pick
      )
      insert into post_media (post_id, upload_id, position, type) select post_id, upload_id, 0, 'image' from pick`)
  })
  const postCount = await count(run, 'bench_posts')
  await step('likes', v.likes, await count(run, 'post_likes'), async (missing) => {
    await bulk(
      run,
      'post_likes',
      missing,
      `insert into post_likes (post_id, user_id, created_at)
       select p.id, u.id, now() - random() * interval '30 days'
         from (select 1 + floor(${postCount} * power(random(), 2))::int as pn, 1 + floor(${users} * random())::int as un
                 from generate_series(1, ${Math.ceil(missing * 1.05)})) x
         join bench_posts p on p.n = x.pn
         join bench_users u on u.n = x.un
       on conflict do nothing`,
    )
  })
  await step('comments', v.comments, await count(run, 'post_comments'), async (missing) => {
    await bulk(
      run,
      'post_comments',
      missing,
      `insert into post_comments (post_id, author_id, content, created_at)
       select p.id, u.id, (array['Congrats!','Great work','Interested, sent you a message','Where is this based?',
                                 'Thanks for sharing'])[1 + x.g % 5], now() - random() * interval '30 days'
         from (select g, 1 + floor(${postCount} * power(random(), 2))::int as pn, 1 + floor(${users} * random())::int as un
                 from generate_series(1, ${missing}) g) x
         join bench_posts p on p.n = x.pn
         join bench_users u on u.n = x.un`,
    )
  })
  if (steps.some((s) => ['likes', 'comments'].includes(s.step)))
    await run(`
      update posts p set like_count = coalesce(l.n, 0), comment_count = coalesce(c.n, 0)
        from posts q
        left join (select post_id, count(*)::int as n from post_likes group by 1) l on l.post_id = q.id
        left join (select post_id, count(*)::int as n from post_comments group by 1) c on c.post_id = q.id
       where p.id = q.id and (p.like_count <> coalesce(l.n, 0) or p.comment_count <> coalesce(c.n, 0))`)
  // What autovacuum would have done by now on a live database: statistics, and the visibility map that lets
  // index-only scans skip the heap (a freshly loaded table has none, and plans over it are not the real ones).
  if (steps.length) await run('vacuum (analyze)')

  const counts: Record<string, number> = {}
  for (const t of [
    'users',
    'jobs',
    'applications',
    'conversations',
    'messages',
    'notifications',
    'posts',
    'post_likes',
    'post_comments',
    'post_media',
  ])
    counts[t] = await count(run, t)
  return { seconds: (Date.now() - t0) / 1000, steps, counts }
}
