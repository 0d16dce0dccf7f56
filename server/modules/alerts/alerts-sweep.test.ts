import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { parseMessage } from '../../../e2e/support/smtp-sink'
import { advanceClock, dbNow } from '../../lib/clock'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import { alertsSweep, type SweepOptions } from './alerts.sweep'

const HOUR = 3_600_000
const BASE = 'https://microlance.test'

let ctx: TestCtx
let client: Session
beforeAll(async () => {
  ctx = await createTestApp()
  client = await signUp(ctx, { fullname: 'Asha Client', role: 'client' })
})
afterAll(() => ctx?.close())

const sweepOf = (c: TestCtx, o: Partial<SweepOptions> = {}) =>
  alertsSweep(
    { db: c.database.db, outbox: c.app.outbox },
    { baseUrl: BASE, quietHours: '', maxPerDay: 10, settleMs: 0, ...o },
  )
const sweep = (o: Partial<SweepOptions> = {}) => sweepOf(ctx, o).run()

/** A new freelancer with one saved search; answers the session. */
async function saver(body: Record<string, unknown>) {
  const s = await signUp(ctx, { fullname: 'Ravi Freelancer' })
  const res = await injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/alerts', payload: body })
  expect(res.statusCode).toBe(201)
  return s
}

/** The alert mails `s` received, decoded, oldest first. */
async function mailsTo(s: Session, c: TestCtx = ctx) {
  await c.app.outbox.settled()
  return c.sink.mails
    .filter((m) => m.to.includes(s.user.email.toLowerCase()))
    .map((m) => ({ ...parseMessage(m.raw), raw: m.raw }))
    .filter((m) => !/\b\d{6}\b/.test(m.subject))
}

/** Milliseconds from the clock's now to the next `hour`:`minute` in India. */
async function untilIndiaTime(hour: number, minute = 0, c: TestCtx = ctx) {
  const now = (await dbNow(c.database.db)).getTime()
  const ist = now + 330 * 60_000
  const day = 24 * HOUR
  let target = Math.floor(ist / day) * day + hour * HOUR + minute * 60_000
  if (target <= ist) target += day
  return target - ist
}

const unique = () => `zq${Math.random().toString(36).slice(2, 8)}`

describe('instant alerts', () => {
  it('mails and notifies a matching new job once, with links and one-click unsubscribe headers', async () => {
    const word = unique()
    const f = await saver({ q: `${word} developer`, frequency: 'instant' })
    const job = await postJob(ctx.app, client, { title: `${word} developer for a shop`, skills: [] })
    await postJob(ctx.app, client, { title: `${unique()} designer`, skills: [] })
    expect((await sweep()).mails).toBeGreaterThanOrEqual(1)
    const mails = await mailsTo(f)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe(`New job: ${word} developer for a shop`)
    expect(mails[0].text).toContain(`${BASE}/description/${job._id}`)
    expect(mails[0].text).toMatch(/\/alerts\/unsubscribe\?token=[\w-]{32}/)
    const head = mails[0].raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
    expect(head).toMatch(
      /List-Unsubscribe: <https:\/\/microlance\.test\/api\/v1\/alerts\/unsubscribe\?token=/,
    )
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    const notes = await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/notification' })
    expect(notes.json().notifications[0].message).toContain(`${word} developer for a shop`)
    // Again, and from a fresh sweep (a restart): nothing new, nothing twice.
    await sweep()
    await sweepOf(ctx).run()
    expect(await mailsTo(f)).toHaveLength(1)
  })

  it('alerts only jobs the job list with the same filters shows', async () => {
    const word = unique()
    const f = await saver({
      q: word,
      category: 'Internships',
      state: 'Kerala',
      paymentType: 'one-time',
      minBudget: 10000,
      frequency: 'instant',
    })
    const base = {
      title: `${word} poster`,
      category: 'Internships',
      locationPreference: 'Kerala',
      amount: '12000',
    }
    const good = await postJob(ctx.app, client, base)
    await postJob(ctx.app, client, { ...base, category: 'Jobs' })
    await postJob(ctx.app, client, { ...base, locationPreference: 'Goa' })
    await postJob(ctx.app, client, { ...base, amount: '9000' })
    await postJob(ctx.app, client, { ...base, title: 'A poster for a shop' })
    await postJob(ctx.app, client, { ...base, paymentType: 'per-unit', rate: '5000', units: '3', amount: '' })
    await sweep()
    const mails = await mailsTo(f)
    expect(mails).toHaveLength(1)
    expect(mails[0].text.match(/\/description\//g)).toHaveLength(1)
    expect(mails[0].text).toContain(good._id)
    const list = await injectAs(ctx.app, f, {
      method: 'GET',
      url: `/api/v1/job/get?q=${word}&category=Internships&location=Kerala&paymentType=one-time&minAmount=10000`,
    })
    expect(list.json().data.jobs.map((j: any) => j._id)).toEqual([good._id])
  })

  it('never alerts a held, draft or closed job, nor the person’s own', async () => {
    const word = unique()
    const f = await saver({ q: word, frequency: 'instant' })
    const held = await postJob(ctx.app, client, { title: `${word} held` })
    await ctx.database.db.execute(
      sql`update jobs set moderation_status = 'held' where id = ${held._id}::uuid`,
    )
    await postJob(ctx.app, client, { title: `${word} draft`, status: 'draft' })
    const closed = await postJob(ctx.app, client, { title: `${word} closed` })
    await injectAs(ctx.app, client, {
      method: 'POST',
      url: `/api/v1/job/${closed._id}/status`,
      payload: { status: 'closed' },
    })
    await injectAs(ctx.app, f, { method: 'POST', url: '/api/v1/user/role', payload: { role: 'client' } })
    await postJob(ctx.app, f, { title: `${word} mine` })
    await sweep()
    expect(await mailsTo(f)).toHaveLength(0)
  })

  it('alerts a draft when it is published and a held job when it is cleared, after the sweep passed them', async () => {
    const word = unique()
    const f = await saver({ q: word, frequency: 'instant' })
    const draft = await postJob(ctx.app, client, { title: `${word} drafted`, status: 'draft' })
    const held = await postJob(ctx.app, client, { title: `${word} reviewed` })
    await ctx.database.db.execute(
      sql`update jobs set moderation_status = 'held' where id = ${held._id}::uuid`,
    )
    await sweep()
    expect(await mailsTo(f)).toHaveLength(0)
    // Published a while after it was made: new from now, whatever its creation time.
    const published = await injectAs(ctx.app, client, {
      method: 'POST',
      url: `/api/v1/job/${draft._id}/status`,
      payload: { status: 'active' },
    })
    expect(published.statusCode).toBe(200)
    await sweep()
    expect((await mailsTo(f)).map((m) => m.subject)).toEqual([`New job: ${word} drafted`])
    await ctx.database.db.execute(
      sql`update jobs set moderation_status = 'clear' where id = ${held._id}::uuid`,
    )
    await sweep()
    expect((await mailsTo(f)).map((m) => m.subject)).toEqual([
      `New job: ${word} drafted`,
      `New job: ${word} reviewed`,
    ])
    // Closed and reopened, a job is not new again.
    for (const status of ['closed', 'active'])
      await injectAs(ctx.app, client, {
        method: 'POST',
        url: `/api/v1/job/${draft._id}/status`,
        payload: { status },
      })
    const late = await saver({ q: word, frequency: 'instant' })
    await sweep()
    expect(await mailsTo(late)).toHaveLength(0)
  })

  it('names a job once in a mail when several of the person’s searches match it', async () => {
    const word = unique()
    const f = await saver({ q: word, frequency: 'instant' })
    await injectAs(ctx.app, f, {
      method: 'POST',
      url: '/api/v1/alerts',
      payload: { q: `${word} logo`, frequency: 'instant' },
    })
    const job = await postJob(ctx.app, client, { title: `${word} logo work` })
    await sweep()
    const mails = await mailsTo(f)
    expect(mails).toHaveLength(1)
    expect(mails[0].text.split(job._id)).toHaveLength(2)
  })
})

describe('quiet hours, the daily cap and digests (moved clock)', () => {
  it('holds alerts in the quiet hours and sends them when they end', async () => {
    const c = await createTestApp({ TEST_CLOCK: '1' })
    try {
      const me = await signUp(c, { fullname: 'Quiet Person' })
      const boss = await signUp(c, { fullname: 'Boss', role: 'client' })
      const word = unique()
      await injectAs(c.app, me, {
        method: 'POST',
        url: '/api/v1/alerts',
        payload: { q: word, frequency: 'instant' },
      })
      await advanceClock(c.database.db, await untilIndiaTime(23, 0, c))
      await postJob(c.app, boss, { title: `${word} night job` })
      expect(await sweepOf(c, { quietHours: '22-7' }).run()).toEqual({ quiet: true, mails: 0 })
      expect(await mailsTo(me, c)).toHaveLength(0)
      await advanceClock(c.database.db, await untilIndiaTime(7, 1, c))
      expect((await sweepOf(c, { quietHours: '22-7' }).run()).mails).toBe(1)
      expect((await mailsTo(me, c))[0].subject).toBe(`New job: ${word} night job`)
    } finally {
      await c.close()
    }
  })

  it('sends at most ALERT_MAX_PER_DAY alert mails in an India day; the rest go the next day', async () => {
    const c = await createTestApp({ TEST_CLOCK: '1' })
    try {
      const me = await signUp(c, { fullname: 'Capped Person' })
      const boss = await signUp(c, { fullname: 'Boss', role: 'client' })
      const word = unique()
      await injectAs(c.app, me, {
        method: 'POST',
        url: '/api/v1/alerts',
        payload: { q: word, frequency: 'instant' },
      })
      await advanceClock(c.database.db, await untilIndiaTime(10, 0, c))
      const s = sweepOf(c, { maxPerDay: 2 })
      for (const n of [1, 2, 3]) {
        await postJob(c.app, boss, { title: `${word} job ${n}` })
        await s.run()
      }
      expect((await mailsTo(me, c)).map((m) => m.subject)).toEqual([
        `New job: ${word} job 1`,
        `New job: ${word} job 2`,
      ])
      await advanceClock(c.database.db, await untilIndiaTime(8, 0, c))
      await s.run()
      const mails = await mailsTo(me, c)
      expect(mails).toHaveLength(3)
      expect(mails[2].subject).toBe(`New job: ${word} job 3`)
    } finally {
      await c.close()
    }
  })

  it('sends a daily digest at 09:00 in India with everything since the last, and a weekly one on Monday', async () => {
    const c = await createTestApp({ TEST_CLOCK: '1' })
    try {
      const me = await signUp(c, { fullname: 'Digest Person' })
      const boss = await signUp(c, { fullname: 'Boss', role: 'client' })
      const word = unique()
      const weekly = unique()
      await advanceClock(c.database.db, await untilIndiaTime(12, 0, c))
      for (const [q, frequency] of [
        [word, 'daily'],
        [weekly, 'weekly'],
      ])
        await injectAs(c.app, me, { method: 'POST', url: '/api/v1/alerts', payload: { q, frequency } })
      await postJob(c.app, boss, { title: `${word} first` })
      await postJob(c.app, boss, { title: `${word} second` })
      await postJob(c.app, boss, { title: `${weekly} third` })
      const s = sweepOf(c)
      await s.run()
      expect(await mailsTo(me, c)).toHaveLength(0)
      await advanceClock(c.database.db, await untilIndiaTime(9, 1, c))
      await s.run()
      const mails = await mailsTo(me, c)
      expect(mails.map((m) => m.subject)).toEqual(['2 new jobs for your saved searches'])
      // The weekly search's turn comes on Monday at 09:00 in India, whichever day that is from here.
      let weekday = -1
      for (let d = 0; d < 7 && (await mailsTo(me, c)).length === 1; d++) {
        if (d > 0) await advanceClock(c.database.db, await untilIndiaTime(9, 1, c))
        await s.run()
        const at = (await dbNow(c.database.db)).getTime() + 330 * 60_000
        weekday = new Date(at).getUTCDay()
      }
      const later = (await mailsTo(me, c)).slice(1)
      expect(later.map((m) => m.subject)).toEqual([`New job: ${weekly} third`])
      expect(weekday).toBe(1)
    } finally {
      await c.close()
    }
  })
})

describe('one-click unsubscribe', () => {
  const tokenIn = (text: string) => /unsubscribe\?token=([\w-]+)/.exec(text)![1]

  it('stops the search with no sign-in; again answers the same; a wrong token is 404', async () => {
    const word = unique()
    const f = await saver({ q: word, frequency: 'instant' })
    await postJob(ctx.app, client, { title: `${word} job` })
    await sweep()
    const token = tokenIn((await mailsTo(f))[0].text)
    const first = await ctx.app.inject({ method: 'GET', url: `/api/v1/alerts/unsubscribe?token=${token}` })
    expect(first.statusCode).toBe(200)
    expect(first.json().message).toBe(`You will no longer get alerts for “${word}”`)
    const mine = await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/alerts' })
    expect(mine.json().alerts).toEqual([])
    const again = await ctx.app.inject({ method: 'GET', url: `/api/v1/alerts/unsubscribe?token=${token}` })
    expect(again.json()).toEqual(first.json())
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/alerts/unsubscribe?token=${token.slice(0, -4)}AAAA`,
    })
    expect(wrong.statusCode).toBe(404)
    await postJob(ctx.app, client, { title: `${word} another` })
    await sweep()
    expect(await mailsTo(f)).toHaveLength(1)
  })

  it('takes the RFC 8058 one-click POST a mail client sends', async () => {
    const word = unique()
    const f = await saver({ q: word, frequency: 'instant' })
    await postJob(ctx.app, client, { title: `${word} job` })
    await sweep()
    const token = tokenIn((await mailsTo(f))[0].text)
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(res.statusCode).toBe(200)
    expect((await injectAs(ctx.app, f, { method: 'GET', url: '/api/v1/alerts' })).json().alerts).toEqual([])
  })
})

describe('applicant alerts', () => {
  it('mails a client who chose instant about a new applicant, without a second in-app notification', async () => {
    const boss = await signUp(ctx, { fullname: 'Instant Boss', role: 'client' })
    const put = await injectAs(ctx.app, boss, {
      method: 'PUT',
      url: '/api/v1/alerts/applicants',
      payload: { frequency: 'instant' },
    })
    expect(put.statusCode).toBe(200)
    const job = await postJob(ctx.app, boss, { title: 'Applicant magnet' })
    const worker = await signUp(ctx, { fullname: 'Meera Applicant' })
    await applyTo(ctx.app, worker, job._id)
    await sweep()
    const mails = await mailsTo(boss)
    expect(mails.map((m) => m.subject)).toEqual(['New applicant for “Applicant magnet”'])
    expect(mails[0].text).toContain('Meera Applicant applied to “Applicant magnet”')
    const notes = await injectAs(ctx.app, boss, { method: 'GET', url: '/api/v1/notification' })
    expect(notes.json().notifications).toHaveLength(1)
    await sweep()
    expect(await mailsTo(boss)).toHaveLength(1)
  })

  it('sends nothing to a client who left it off', async () => {
    const boss = await signUp(ctx, { fullname: 'Quiet Boss', role: 'client' })
    const job = await postJob(ctx.app, boss, { title: 'No mail please' })
    await applyTo(ctx.app, await signUp(ctx), job._id)
    await sweep()
    expect(await mailsTo(boss)).toHaveLength(0)
  })
})

describe.skipIf(!process.env.DATABASE_URL)('two instances (needs DATABASE_URL)', () => {
  it('sends each alert once when both sweep at the same moment', async () => {
    const second = await anotherInstance(ctx)
    try {
      const word = unique()
      const f = await saver({ q: word, frequency: 'instant' })
      await postJob(ctx.app, client, { title: `${word} raced` })
      const results = await Promise.all([sweepOf(ctx).run(), sweepOf(second).run()])
      await Promise.all([ctx.app.outbox.settled(), second.app.outbox.settled()])
      const all = [...ctx.sink.mails, ...second.sink.mails].filter(
        (m) => m.to.includes(f.user.email.toLowerCase()) && m.raw.includes('raced'),
      )
      expect(all).toHaveLength(1)
      expect(results.some((r) => r.mails >= 1)).toBe(true)
    } finally {
      await second.close()
    }
  })
})
