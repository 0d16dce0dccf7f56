import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { AlertBody } from '@common/schemas/alerts'
import { CATEGORIES } from '@common/categories'
import type { UserRow } from '../../db/schema'
import { createTestApp, type TestCtx } from '../../test/helpers'
import { matchKeysOf, tsqueryCover } from './alerts.keys'
import { jobsBySearch } from './alerts.pairs'
import { referenceMatchSql } from './alerts.reference'
import { alertsRepo } from './alerts.repo'
import { alertsService } from './alerts.service'

// The matching (ADR 070) against the plain rule (alerts.reference.ts: every due search tested against every job) on
// random searches and jobs: the same (search, job) pairs, and each search's cursor as it is stored.

/** A small seeded generator (mulberry32), so a failure names the seed that shows it again. */
function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]
  return { next, pick, chance: (p: number) => next() < p }
}

/** Words of job texts: skills, inflections, Hinglish meanings' targets, places, joined and stop words. */
const JOB_WORDS = [
  'react',
  'developer',
  'developers',
  'development',
  'design',
  'designer',
  'logo',
  'node.js',
  'ui/ux',
  'co-founder',
  'remote',
  'home',
  'course',
  'learn',
  'training',
  'workshop',
  'teach',
  'mentor',
  'tamil',
  'nadu',
  'chennai',
  'mumbai',
  'maharashtra',
  'karnataka',
  'data',
  'entry',
  'typing',
  'writer',
  'writing',
  'content',
  'video',
  'editing',
  'photo',
  'photography',
  'shop',
  'store',
  'the',
  'of',
  'kaam',
  'work',
  'english',
]
/** Words people save: the same, Hinglish words, cities (a city or its state), generic words, an unknown word. */
const SEARCH_WORDS = [
  ...JOB_WORDS.filter((w) => !['the', 'of'].includes(w)),
  'ghar',
  'wfh',
  'sikhna',
  'sikhana',
  'likhna',
  'dukaan',
  'tasveer',
  'angrezi',
  'bangalore',
  'chennai',
  'pune',
  'naukri',
  'kaam',
  'zzqunknown',
]
const STATES = ['Remote', 'Maharashtra', 'Karnataka', 'Tamil Nadu', 'Delhi']
const PAYMENT_TYPES = ['one-time', 'per-unit', 'recurring'] as const

let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx?.close())

async function world(seed: number) {
  const r = rng(seed)
  const db = ctx.database.db
  const tag = `m${seed}`
  // People: each saves searches; a few also post jobs (their own jobs are never alerted to them).
  const users = (
    await db.execute(sql`
    insert into users (user_id, username, fullname, email, role)
    select ${tag} || g, ${tag} || 'u' || g, 'Match Person ' || g, ${tag} || g || '@example.in', 'freelancer'
      from generate_series(1, 16) g returning id`)
  ).rows as { id: string }[]
  const service = alertsService({ db })
  const words = (n: number, from: readonly string[]) =>
    Array.from({ length: n }, () => r.pick(from)).join(' ')
  let saved = 0
  for (const u of users)
    for (let i = 0; i < 9; i++) {
      const body = AlertBody.parse({
        q: r.chance(0.75) ? words(1 + Math.floor(r.next() * 3), SEARCH_WORDS) : '',
        ...(r.chance(0.3) ? { category: r.pick(CATEGORIES.slice(0, 3)) } : {}),
        ...(r.chance(0.3) ? { state: r.pick(STATES) } : {}),
        ...(r.chance(0.2) ? { paymentType: r.pick(PAYMENT_TYPES) } : {}),
        ...(r.chance(0.25) ? { minBudget: r.pick([100, 2000, 5000, 20000]) } : {}),
        frequency: r.pick(['instant', 'daily', 'weekly']),
      })
      try {
        await service.create({ id: u.id } as UserRow, body)
        saved++
      } catch (e: any) {
        if (![400, 409].includes(e?.statusCode)) throw e // a search with no word to look for, or saved twice
      }
    }
  // Each search considered jobs up to some point in the last three hours.
  await db.execute(sql`
    update saved_searches s set cursor_at = now() - (abs(hashtext(s.id::text)) % 180) * interval '1 minute'
     where s.user_id in (select id from users where user_id like ${tag + '%'})`)

  // Jobs of the last three hours and a few of the next minutes (after the bound), in every state a job can be in.
  for (let i = 0; i < 90; i++) {
    const paymentType = r.pick(PAYMENT_TYPES)
    const paise = (100 + Math.floor(r.next() * 30000)) * 100
    const status = r.chance(0.8) ? 'active' : r.pick(['draft', 'closed'])
    const minutesAgo = r.chance(0.05) ? -10 : Math.floor(r.next() * 200)
    const [job] = (
      await db.execute(sql`
      insert into jobs (title, description, category, payment_type, amount_paise, rate_paise, units, cycles,
                        frequency, total_paise, status, location_preference, skills, created_by, created_at,
                        moderation_status, archived_at, deadline)
      values (${words(1 + Math.floor(r.next() * 3), JOB_WORDS)}, ${words(Math.floor(1 + r.next() * 6), JOB_WORDS)},
              ${r.pick(CATEGORIES.slice(0, 3))}, ${paymentType},
              ${paymentType === 'one-time' ? paise : null}, ${paymentType === 'one-time' ? null : paise / 2},
              ${paymentType === 'per-unit' ? 2 : null}, ${paymentType === 'recurring' ? 2 : null},
              ${paymentType === 'recurring' ? 'monthly' : null}, ${paise}, ${status}, ${r.pick(STATES)},
              ${`{${r.chance(0.3) ? r.pick(['react', 'logo', 'typing']) : ''}}`}, ${r.pick(users).id}::uuid,
              now() - ${minutesAgo} * interval '1 minute', ${r.chance(0.1) ? 'held' : 'clear'},
              ${r.chance(0.05) ? sql`now()` : null}, ${r.chance(0.05) ? sql`now() - interval '1 day'` : null})
      returning id`)
    ).rows as { id: string }[]
    // Some drafts are published now, and some held jobs cleared now: they are new at this moment.
    if (status === 'draft' && r.chance(0.5))
      await db.execute(sql`update jobs set status = 'active' where id = ${job.id}::uuid`)
    if (r.chance(0.05))
      await db.execute(sql`update jobs set moderation_status = 'clear' where id = ${job.id}::uuid`)
  }
  return { saved, tag }
}

async function compare(due: SQL, tag: string) {
  const db = ctx.database.db
  const res = await db.execute(sql`select now()::text as bound`)
  const bound = (res.rows[0] as { bound: string }).bound
  const mine = sql`${due} and s.user_id in (select id from users where user_id like ${tag + '%'})`
  const rows = await alertsRepo.match(db, mine, bound)
  const got = rows.flatMap((m) => m.jobIds.map((j) => `${m.searchId} ${j}`)).sort()
  const expected = (await db.execute(referenceMatchSql(mine, bound))).rows
    .map((p: any) => `${p.searchId} ${p.jobId}`)
    .sort()
  expect(new Set(got).size).toBe(got.length) // no pair twice
  expect(got).toEqual(expected)
  const stored = await db.execute(sql`select id::text as id, cursor_at::text as c, user_id::text as u
    from saved_searches where id = any(${`{${rows.map((m) => m.searchId).join(',')}}`}::uuid[])`)
  const byId = new Map((stored.rows as { id: string; c: string; u: string }[]).map((s) => [s.id, s]))
  for (const m of rows)
    expect([m.cursorAt, m.userId]).toEqual([byId.get(m.searchId)!.c, byId.get(m.searchId)!.u])
  return expected.length
}

describe('the indexed matching', () => {
  it('finds exactly the pairs the plain rule finds, on random searches and jobs', async () => {
    let pairs = 0
    for (const seed of [11, 2026, 70070]) {
      const { saved, tag } = await world(seed)
      expect(saved, `seed ${seed}`).toBeGreaterThan(60)
      pairs += await compare(sql`true`, tag)
      pairs += await compare(sql`s.frequency <> 'weekly' and s.min_budget_paise is null`, tag)
    }
    // The worlds are made to match often, so the comparison is not of two empty lists.
    expect(pairs).toBeGreaterThan(200)
  })
})

describe('match keys', () => {
  it('stores a search without text under its filters, empty where it has none', () => {
    expect(matchKeysOf(null, { category: 'Jobs', state: null, paymentType: 'per-unit' })).toEqual([
      'f:Jobs||per-unit',
    ])
    expect(matchKeysOf(null, { category: null, state: null, paymentType: null })).toEqual(['f:||'])
  })
  it('stores a search with text under a cover of its query: one word, or every alternative of one', () => {
    expect(tsqueryCover(`'react' & 'develop'`)).toEqual(['develop'])
    expect(tsqueryCover(`( 'remot' | 'home' ) & 'design'`)).toEqual(['design'])
    expect(tsqueryCover(`( 'remot' | 'home' ) & ( 'tamil' & 'nadu' | 'chennai' )`)).toEqual([
      'chennai',
      'tamil',
    ])
    expect(tsqueryCover(`'co-found' <-> 'co' <-> 'founder'`)).toEqual(['co-found'])
    expect(tsqueryCover(`'it''s' & 'ab\\\\cd'`)).toEqual(['ab\\cd'])
    expect(tsqueryCover(`'logo' & !'free'`)).toEqual(['logo'])
    expect(matchKeysOf(`'logo':AB`, { category: 'Jobs', state: null, paymentType: null })).toEqual(['w:logo'])
  })
  it('falls back to the filters when a query can match a job without any one of its words', () => {
    const f = { category: null, state: 'Goa', paymentType: null }
    expect(matchKeysOf(`!'free'`, f)).toEqual(['f:|Goa|'])
    expect(matchKeysOf(`'dev':* & !'x'`, f)).toEqual(['f:|Goa|'])
    expect(matchKeysOf(`'logo' | 'dev':*`, f)).toEqual(['f:|Goa|'])
  })
})

describe('reading the answer', () => {
  it('gives each search its jobs once, in job order, for small and large search numbers', () => {
    const rows = [
      { id: 'a', nums: '5,7,5' },
      { id: 'b', nums: '7' },
      { id: 'c', nums: '40000000,5' },
    ]
    expect([...jobsBySearch(rows)]).toEqual([
      [5, ['a', 'c']],
      [7, ['a', 'b']],
      [40000000, ['c']],
    ])
    expect(jobsBySearch([])).toEqual(new Map())
  })
})
