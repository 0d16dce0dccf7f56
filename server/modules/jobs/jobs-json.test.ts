// The job lists send each job as the JSON text the database builds (jobDtoSql, ADR 081). presentJob stays the
// reference: for every kind of job and viewer the two must give the same answer, field for field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { JobsAnswer } from '@common/schemas/job-answer'
import { SearchAnswer } from '@common/schemas/search'
import { companies, jobs, users } from '../../db/schema'
import { peopleIn } from '../../lib/cache-tags'
import { RawJson, stringifyAnswer } from '../../lib/raw-json'
import { createTestApp, injectAs, type Session, type TestCtx } from '../../test/helpers'
import { jobListFixture } from '../../test/job-list-fixture'
import { applyTo } from '../../test/jobs'
import { clientTrustDtoSql, toClientTrust } from '../reviews/reputation'
import { presentJob, presentJobJson } from './jobs.presenter'
import { jobDtoSql, jobsRepo } from './jobs.repo'

let ctx: TestCtx
let asha: Session
let vikram: Session
let ravi: Session
let ids: Record<string, string> = {}

const exec = (q: ReturnType<typeof sql>) => ctx.database.db.execute(q)

beforeAll(async () => {
  ctx = await createTestApp()
  ;({ asha, vikram, ravi, ids } = await jobListFixture(ctx))
  await applyTo(ctx.app, ravi, ids.kochiDesign)
  await applyTo(ctx.app, ravi, ids.remoteWriter)
  const [company] = await ctx.database.db
    .insert(companies)
    .values({ ownerId: asha.user._id, name: 'Chai & Co', logoUrl: '/uploads/logo.png', website: null })
    .returning()
  // Every field the presenter turns into something else, at its awkward values.
  await exec(sql`update jobs set company_id = ${company.id}::uuid, amount_paise = 123456, total_paise = 123456,
    duration = 1.5, hours = 12.25, prize_paise = 1, created_at = '2026-01-02 03:04:05.678999+00',
    updated_at = '2026-03-04 05:06:07.000001+00', deadline = now() + interval '3 days 5 hours',
    job_type = 'Part-time', position = 'Designer', experience_level = 'Fresher'
    where id = ${ids.kochiDesign}::uuid`)
  await exec(
    sql`update jobs set rate_paise = 12345, total_paise = 123450 where id = ${ids.remoteWriter}::uuid`,
  )
  await exec(sql`update jobs set deadline = now() - interval '2 days', funded_paise = 99, funded_units = 1
    where id = ${ids.kochiPhoto}::uuid`)
  await exec(sql`update jobs set moderation_status = 'held', moderation_reason = 'Asks applicants to pay',
    moderation_note = 'see the listing' where id = ${ids.punePoster}::uuid`)
  await exec(sql`update jobs set archived_at = now(), skills = '{}' where id = ${ids.dealCourse}::uuid`)
})
afterAll(() => ctx?.close())

/** The API's job as the database writes it, for one viewer. */
async function fromDatabase(id: string, viewerId: string | null) {
  const rows = await ctx.database.db
    .select({ dto: jobDtoSql(viewerId) })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.createdBy))
    .leftJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, id))
  return JSON.parse(rows[0].dto as string)
}

describe('a job as the database writes it', () => {
  it('is presentJob’s answer for every job and every viewer', async () => {
    const viewers = [null, asha.user._id, vikram.user._id, ravi.user._id]
    const all = await ctx.database.db.select({ id: jobs.id }).from(jobs)
    expect(all.length).toBeGreaterThanOrEqual(10)
    let compared = 0
    for (const { id } of all)
      for (const viewer of viewers) {
        const view = (await jobsRepo.view(ctx.database.db, id, viewer))!
        expect(await fromDatabase(id, viewer), `job ${view.job.title} for ${viewer}`).toEqual(
          JSON.parse(JSON.stringify(presentJob(view, viewer))),
        )
        compared++
      }
    expect(compared).toBe(all.length * viewers.length)
  })

  it('writes the awkward values as JavaScript does', async () => {
    const j = await fromDatabase(ids.kochiDesign, ravi.user._id)
    expect(j).toMatchObject({
      amount: 1234.56,
      total: 1234.56,
      prize: 0.01,
      duration: 1.5,
      hours: 12.25,
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-03-04T05:06:07.000Z',
      daysLeft: 4,
      company: { name: 'Chai & Co', logo: '/uploads/logo.png', website: null },
      hasApplied: true,
      applicationCount: 1,
    })
    expect(j.applications).toEqual([{ _id: expect.any(String), applicant: ravi.user._id, status: 'pending' }])
    expect(await fromDatabase(ids.remoteWriter, null)).toMatchObject({
      rate: 123.45,
      total: 1234.5,
      units: 10,
    })
    expect(await fromDatabase(ids.kochiPhoto, null)).toMatchObject({
      daysLeft: 0,
      isActive: false,
      fundedAmount: 0.99,
    })
    expect((await fromDatabase(ids.punePoster, asha.user._id)).moderation).toEqual({
      status: 'held',
      reason: 'Asks applicants to pay',
      note: 'see the listing',
    })
    expect((await fromDatabase(ids.punePoster, ravi.user._id)).moderation).toBeNull()
    expect(await fromDatabase(ids.dealCourse, null)).toMatchObject({
      archived: true,
      skills: [],
      isActive: false,
    })
  })

  it('rates a poster as toClientTrust does, to one decimal, for every count and sum up to 40 reviews', async () => {
    const pairs: [number, number][] = [[0, 0]]
    for (let n = 1; n <= 40; n++) for (let s = n; s <= 5 * n; s++) pairs.push([n, s])
    const values = sql.join(
      pairs.map(([n, s]) => sql`(${n}::int, ${s}::int)`),
      sql`, `,
    )
    const res =
      await exec(sql`select p.n, p.s, ${clientTrustDtoSql(sql`json_build_object('v', p.n % 2 = 1, 'n', p.n, 's', p.s)`)}::text as dto
      from (values ${values}) as p(n, s)`)
    expect(res.rows).toHaveLength(pairs.length)
    for (const r of res.rows as { n: number; s: number; dto: string }[])
      expect(JSON.parse(r.dto), `${r.s} stars over ${r.n} reviews`).toEqual(
        toClientTrust({ v: Number(r.n) % 2 === 1, n: Number(r.n), s: Number(r.s) }),
      )
  })
})

describe('the lists that send it', () => {
  it('answer in the schema’s shape, signed out and in', async () => {
    for (const s of [null, ravi, asha]) {
      const res = await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/job/get?sort=newest&limit=50' })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(JobsAnswer.parse(body)).toEqual(body)
      expect(body.data.jobs.length).toBeGreaterThanOrEqual(7)
    }
  })
  it('search keeps its highlights beside the database’s job', async () => {
    const res = await injectAs(ctx.app, null, { method: 'GET', url: '/api/v1/search?q=design' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(SearchAnswer.parse(body)).toEqual(body)
    const menu = body.data.jobs.find((j: { _id: string }) => j._id === ids.kochiDesign)
    expect(menu.title).toBe('Cafe menu design')
    expect(menu.highlights.title).toEqual([[10, 16]])
  })
  it('a highlighted job is the presenter’s text with the highlights added', () => {
    const raw = presentJobJson({
      id: 'x',
      creatorId: 'u1',
      cursorTs: '',
      dto: '{"_id":"x","title":"Logo"}',
      title: 'Logo',
      titleHl: '\u0002Logo\u0003',
      descriptionHl: null,
    })
    expect(raw.people).toEqual(['u1'])
    expect(JSON.parse(raw.json)).toEqual({
      _id: 'x',
      title: 'Logo',
      highlights: { title: [[0, 4]], description: null },
    })
  })
  it('stringifyAnswer writes raw parts in place and leaves other text alone, escapes included', () => {
    const answer = { a: [new RawJson('{"x":1}'), new RawJson('[2]')], b: 'say "\\u0000 7" \u0000 8', c: null }
    expect(JSON.parse(stringifyAnswer(answer))).toEqual({ a: [{ x: 1 }, [2]], b: answer.b, c: null })
    expect(stringifyAnswer({ n: 1 })).toBe('{"n":1}')
  })
  it('tags a raw job with its poster for the read cache, as a parsed one is', () => {
    expect(peopleIn({ data: { jobs: [new RawJson('{}', ['u1']), { _id: 'u2', fullname: 'B' }] } })).toEqual([
      'person:u1',
      'person:u2',
    ])
  })
})
