import { CATEGORIES } from '@common/categories'
import { CITY_REGION, REMOTE } from '@common/locations'
import { jobMoney } from '@common/schemas/job'
import type { jobs } from '../db/schema'
import { ANCHOR_JOBS } from './demo-anchors'
import { CATEGORY_PLAN, CONTEXTS, between, pick } from './demo-catalog'
import type { DemoJob } from './demo-types'

/** mulberry32: a tiny seeded generator, so the demo marketplace is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Cities the generator places jobs in (one spelling each). */
// prettier-ignore
const CITIES = [
  'mumbai', 'pune', 'nagpur', 'bengaluru', 'mysuru', 'hyderabad', 'chennai', 'coimbatore', 'kolkata', 'ahmedabad',
  'surat', 'jaipur', 'udaipur', 'lucknow', 'noida', 'varanasi', 'gurugram', 'kochi', 'thiruvananthapuram', 'bhopal',
  'indore', 'patna', 'bhubaneswar', 'guwahati', 'ranchi', 'raipur', 'dehradun', 'ludhiana', 'amritsar', 'shimla',
  'panaji', 'visakhapatnam', 'vijayawada', 'imphal', 'shillong', 'gangtok', 'agartala', 'srinagar', 'leh',
  'pondicherry', 'delhi', 'chandigarh',
]

const EXTRA_REGIONS: Record<string, string> = { delhi: 'Delhi', chandigarh: 'Chandigarh' }
export const regionOf = (city: string) =>
  city === 'remote' ? REMOTE : (CITY_REGION[city] ?? EXTRA_REGIONS[city])
export const cityName = (city: string) => city.replace(/\b\w/g, (c) => c.toUpperCase())

function placeLine(city: string): string {
  if (city === 'remote') return 'Remote: work from home, anywhere in India.'
  return `Based in ${cityName(city)}, ${regionOf(city)}.`
}

/** The generated part of the demo: `count` jobs across all ten categories, many states, every payment model. */
export function generateJobs(count: number, seed = 20_251_122): DemoJob[] {
  const r = seededRandom(seed)
  const seen = new Set(ANCHOR_JOBS.map((j) => j.title))
  const out: DemoJob[] = []
  const used = new Map<string, number>()
  for (let i = 0, tries = 0; out.length < count && tries < count * 20; tries++) {
    const category = CATEGORIES[i % CATEGORIES.length]
    const plan = CATEGORY_PLAN[category]
    const role = pick(r, plan.roles)
    const city = r() < 0.28 ? 'remote' : pick(r, CITIES)
    const contextCity = city === 'remote' ? pick(r, CITIES) : city
    const context = pick(r, plan.contexts ?? CONTEXTS).replace('{city}', cityName(contextCity))
    const base = plan.titleOf(role, context, city === 'remote' ? 'remote' : cityName(city))
    const repeats = (used.get(base) ?? 0) + 1
    used.set(base, repeats)
    const place = cityName(contextCity)
    const title = !seen.has(base)
      ? base
      : (plan.variant ?? ((t, n, p) => (n === 1 ? `${t} – ${p}` : `${t} – Batch ${n + 1}`)))(
          base,
          repeats - 1,
          place,
        )
    if (seen.has(title) || title.length > 120) continue
    seen.add(title)
    i++
    const pay = role.pay(r)
    const amount = pay.type === 'one-time' ? pay.amount : null
    const who = context[0].toUpperCase() + context.slice(1)
    const text =
      category === 'Jobs' || category === 'Internships'
        ? `${who} is looking for a ${role.title.replace(/ \(.*\)$/, '').toLowerCase()} to ${role.does}. ${placeLine(city)}`
        : `${role.title}: ${role.does}. ${placeLine(city)}`
    out.push({
      title,
      category,
      client: pick(r, plan.clients),
      city,
      skills: role.skills,
      text,
      pay,
      jobType: role.jobType,
      level: category === 'Internships' ? 'Entry' : pick(r, ['Entry', 'Intermediate', 'Expert']),
      position: category === 'Jobs' ? role.title : undefined,
      free: amount === 0 || (category === 'Competitions' && r() < 0.7),
      discounted: ['Courses', 'Workshops', 'Conferences'].includes(category) && !!amount && r() < 0.35,
      prize: category === 'Competitions' && amount ? amount * between(r, 2, 4, 1) : undefined,
      status: r() < 0.07 ? 'closed' : 'active',
    })
  }
  return out
}

type JobInsert = typeof jobs.$inferInsert
const DAY = 24 * 60 * 60 * 1000

/** Rows for the jobs table: creator and company resolved, money in paise, dates spread over the last weeks. */
export function toJobRows(
  list: DemoJob[],
  refs: { users: Record<string, string>; companies: Record<string, string> },
  now: number,
  seed = 7,
): JobInsert[] {
  const r = seededRandom(seed)
  return list.map((j, i) => {
    const money = jobMoney({ paymentType: j.pay.type, ...j.pay })
    const createdAt = new Date(now - (i < ANCHOR_JOBS.length ? i * 37 : 1400 + i * 230) * 60_000)
    const hasDeadline =
      ['Competitions', 'Scholarships', 'Internships', 'Conferences', 'Workshops'].includes(j.category) ||
      r() < 0.6
    const expired = r() < 0.05
    const deadline = hasDeadline
      ? new Date(now + (expired ? -between(r, 1, 10, 1) : between(r, 3, 60, 1)) * DAY)
      : null
    return {
      title: j.title,
      description: j.text,
      category: j.category,
      paymentType: j.pay.type,
      ...money,
      frequency: j.pay.type === 'recurring' ? j.pay.frequency : null,
      duration: j.category === 'Jobs' || j.category === 'Internships' ? between(r, 1, 12, 1) : null,
      hours: j.category === 'Jobs' ? pick(r, [10, 15, 20, 30, 40]) : null,
      locationPreference: regionOf(j.city),
      remote: j.city === 'remote',
      jobType: j.jobType ?? null,
      position: j.position ?? null,
      experienceLevel: j.level ?? null,
      companyId: j.company ? refs.companies[j.company] : null,
      prizePaise: j.prize ? j.prize * 100 : null,
      deadline,
      isFree: !!j.free,
      isDiscounted: !!j.discounted,
      skills: j.skills,
      status: j.status ?? 'active',
      archivedAt: j.archived ? new Date(now - DAY) : null,
      createdBy: refs.users[j.client],
      createdAt,
      updatedAt: createdAt,
    }
  })
}
