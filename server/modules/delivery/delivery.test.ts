import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { advanceClock } from '../../lib/clock'
import {
  createTestApp,
  encodeMultipart,
  injectAs,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { media } from '../uploads/test-media'
import { reminderLeadMs } from './delivery.repo'
import { unitsPaidBy } from '../payments/payments.release'

const DAY = 24 * 60 * 60 * 1000

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer
beforeAll(async () => {
  // The default 7-day window.
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000' })
  asha = await signUp(ctx, { email: 'asha.dl@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.dl@example.in', fullname: 'Ravi Kumar' })
}, 300_000)
afterAll(() => ctx?.close())

const post = (s: Session | null, url: string, payload: object) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const rows = async (q: SQL) => (await ctx.database.db.execute(q)).rows as any[]
const submit = (s: Session | null, id: string, body: object = { message: 'Logo in three sizes' }) =>
  post(s, `/api/v1/contracts/${id}/submit`, body)
const askChanges = (s: Session | null, id: string, reason = 'Make the logo bigger') =>
  post(s, `/api/v1/contracts/${id}/request-changes`, { reason })
const contract = async (id: string, s: Session = asha) =>
  (await get(s, `/api/v1/contracts/${id}`)).json().contract

/** A ₹1,000 one-time contract (or per-unit when `units`), Ravi hired, funded unless `funded: false`. */
async function hire(opts: { funded?: boolean; units?: number; fundUnits?: number } = {}) {
  const job = await hiredJob(ctx.app, asha, ravi, opts.units ? perUnit(opts.units) : { amount: '1000' })
  if (opts.funded !== false)
    await fund(ctx.app, asha, job._id, opts.fundUnits ? { units: opts.fundUnits } : {})
  const [c] = (await get(asha, `/api/v1/contracts?jobId=${job._id}`)).json().contracts
  return { job, id: c._id as string }
}

/** Runs the delivery sweep now, as the scheduler would at its next period. */
async function sweep() {
  await ctx.database.db.execute(
    sql`update scheduled_tasks set next_run_at = now() - interval '1 minute', lease_until = null where name = 'delivery'`,
  )
  expect(await ctx.app.tasks.runDue('delivery')).toBe('ran')
}
const kinds = async (id: string) => (await contract(id)).timeline.map((e: any) => e.kind)
const releases = async (id: string) =>
  (
    await rows(sql`select count(*)::int as n from ledger_transactions where contract_id = ${id}::uuid
    and kind = 'release'`)
  )[0].n
const notes = async (userId: string, contractId: string) =>
  (
    await rows(sql`select type from notifications where user_id = ${userId}::uuid
    and metadata->>'contractId' = ${contractId} order by created_at`)
  ).map((r) => r.type)

async function upload(s: Session) {
  const res = await injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/uploads',
    ...encodeMultipart({}, [
      { field: 'files', name: 'logo.png', type: 'image/png', data: await media.png() },
    ]),
  })
  expect(res.statusCode).toBe(201)
  return res.json().media[0].url as string
}

describe('POST /api/v1/contracts/:id/submit', () => {
  it('401 signed out, 404 for no such contract, 403 for the client and anyone else', async () => {
    const { id } = await hire()
    expect((await submit(null, id)).statusCode).toBe(401)
    expect((await submit(ravi, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404)
    expect((await submit(ravi, 'nope')).statusCode).toBe(404)
    for (const s of [asha, vikram]) {
      const res = await submit(s, id)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('not_contract_freelancer')
    }
    expect((await contract(id)).delivery.submissions).toBe(0)
  })

  it('400 without a message, with a file from elsewhere, or with someone else’s upload', async () => {
    const { id } = await hire()
    expect((await submit(ravi, id, { message: '  ' })).statusCode).toBe(400)
    const outside = await submit(ravi, id, { message: 'x', attachments: ['https://evil.example/a.png'] })
    expect(outside.statusCode).toBe(400)
    const theirs = await upload(asha)
    const notMine = await submit(ravi, id, { message: 'x', attachments: [theirs] })
    expect(notMine.statusCode).toBe(400)
    expect(notMine.json().code).toBe('attachment_not_yours')
    expect((await contract(id)).delivery.submissions).toBe(0)
    expect(await kinds(id)).not.toContain('submitted')
  })

  it('opens a review window of REVIEW_WINDOW_DAYS, keeps the files, tells the client, records it', async () => {
    const { id } = await hire()
    const file = await upload(ravi)
    const res = await submit(ravi, id, { message: 'Logo in three sizes', attachments: [file] })
    expect(res.statusCode).toBe(200)
    const answer = res.json()
    expect(answer.delivery).toEqual({ submissions: 1, changesRequested: 0, units: null })
    const c = await contract(id, ravi)
    expect(c.reviewDueAt).toBe(answer.reviewDueAt)
    const submitted = c.timeline.find((e: any) => e.kind === 'submitted')
    expect(submitted).toMatchObject({
      actor: { fullname: 'Ravi Kumar' },
      data: { message: 'Logo in three sizes', attachments: [new URL(file, 'http://x').pathname] },
    })
    expect(new Date(c.reviewDueAt).getTime() - new Date(submitted.at).getTime()).toBe(7 * DAY)
    expect(c.timeline.map((e: any) => e.kind)).toEqual(['funded', 'submitted'])
    expect(c.timeline[0].data).toMatchObject({ amount: 1000 })
    expect(await notes(asha.user._id, id)).toContain('work_submitted')
    // The media sweep leaves a submitted file alone.
    const [u] = await rows(sql`select claimed_at from uploads where file_name = ${file.split('/').pop()}`)
    expect(u.claimed_at).not.toBeNull()
  })

  it('without money in escrow the work is kept but no window opens', async () => {
    const { id } = await hire({ funded: false })
    const res = await submit(ravi, id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ reviewDueAt: null, delivery: { submissions: 1 } })
  })

  it('per-unit: the units submitted, at most what is in escrow', async () => {
    const { id } = await hire({ units: 4, fundUnits: 3 })
    const tooMany = await submit(ravi, id, { message: 'x', units: 4 })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors.units).toMatch(/1 to 3 units/)
    expect((await submit(ravi, id, { message: 'Two pages', units: 2 })).json().delivery.units).toBe(2)
  })
})

describe('POST /api/v1/contracts/:id/request-changes', () => {
  it('401 signed out, 403 for the freelancer and others, 409 with nothing submitted, 400 without a reason', async () => {
    const { id } = await hire()
    expect((await askChanges(null, id)).statusCode).toBe(401)
    const none = await askChanges(asha, id)
    expect(none.statusCode).toBe(409)
    expect(none.json().code).toBe('nothing_submitted')
    await submit(ravi, id)
    for (const s of [ravi, vikram]) {
      const res = await askChanges(s, id)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('not_contract_client')
    }
    expect((await post(asha, `/api/v1/contracts/${id}/request-changes`, { reason: '' })).statusCode).toBe(400)
  })

  it('closes the window and counts; a resubmission opens a new one', async () => {
    const { id } = await hire()
    await submit(ravi, id)
    const res = await askChanges(asha, id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ reviewDueAt: null, delivery: { submissions: 1, changesRequested: 1 } })
    const c = await contract(id)
    expect(c.reviewDueAt).toBeNull()
    expect(c.timeline.at(-1)).toMatchObject({
      kind: 'changes_requested',
      actor: { fullname: 'Asha Iyer' },
      data: { reason: 'Make the logo bigger' },
    })
    expect(await notes(ravi.user._id, id)).toContain('changes_requested')
    expect((await askChanges(asha, id)).json().code).toBe('nothing_submitted')
    const again = (await submit(ravi, id, { message: 'Bigger now' })).json()
    expect(again.reviewDueAt).not.toBeNull()
    expect(again.delivery).toMatchObject({ submissions: 2, changesRequested: 1 })
  })
})

describe('POST /api/v1/job/:id/submit-work', () => {
  it('keeps its answer and opens the window on the caller’s contract', async () => {
    const { job, id } = await hire()
    const res = await post(ravi, `/api/v1/job/${job._id}/submit-work`, { message: 'Done' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Work submitted' })
    const c = await contract(id)
    expect(c.reviewDueAt).not.toBeNull()
    expect(c.delivery.submissions).toBe(1)
    // One notification, from the job's own route.
    const sent =
      await rows(sql`select count(*)::int as n from notifications where user_id = ${asha.user._id}::uuid
      and type = 'work_submitted' and metadata->>'jobId' = ${job._id}`)
    expect(sent[0].n).toBe(1)
  })
})

describe('the review window ends (the delivery task)', () => {
  it('reminds the client two days before, releases once at the end, tells both, keeps the ledger balanced', async () => {
    const a = await hire() // answered by the client's release
    const b = await hire() // left unanswered: auto-released
    const frozen = await hire() // a dispute freezes it
    const disputed = await hire() // a dispute opened during the window and settled
    const perUnitC = await hire({ units: 4, fundUnits: 4 })
    for (const c of [a, b, frozen, disputed]) expect((await submit(ravi, c.id)).statusCode).toBe(200)
    await submit(ravi, perUnitC.id, { message: 'Two of four', units: 2 })
    expect((await post(asha, '/api/v1/payments/release', { contractId: a.id })).statusCode).toBe(200)
    expect((await contract(a.id)).reviewDueAt).toBeNull()
    await ctx.database.db.execute(sql`update contracts set frozen_at = now() where id = ${frozen.id}::uuid`)
    await ctx.database.db.execute(
      sql`insert into contract_events (contract_id, kind, created_at) values (${disputed.id}::uuid, 'disputed', app_now())`,
    )
    await ctx.app.outbox.settled()
    const mailsBefore = ctx.sink.countTo('asha.dl@example.in')
    const remindersOf = async () =>
      (
        await rows(sql`select count(*)::int as n from notifications where user_id = ${asha.user._id}::uuid
        and type = 'review_reminder'`)
      )[0].n as number
    const remindersBefore = await remindersOf()

    // Five days and a bit: the reminder, once, and no release yet.
    await advanceClock(ctx.database.db, 5 * DAY + 1000)
    await sweep()
    await sweep()
    expect(await kinds(b.id)).toEqual(['funded', 'submitted', 'reminder_sent'])
    expect((await notes(asha.user._id, b.id)).filter((t) => t === 'review_reminder')).toHaveLength(1)
    expect(await releases(b.id)).toBe(0)
    await ctx.app.outbox.settled()
    // One mail with each reminder: b, disputed and the per-unit one remind; the answered and frozen ones do not.
    const reminded = (await remindersOf()) - remindersBefore
    expect(reminded).toBeGreaterThanOrEqual(3)
    expect(ctx.sink.countTo('asha.dl@example.in')).toBe(mailsBefore + reminded)
    for (const c of [disputed, perUnitC])
      expect(await notes(asha.user._id, c.id)).toContain('review_reminder')
    for (const c of [a, frozen]) expect(await notes(asha.user._id, c.id)).not.toContain('review_reminder')

    // Past the end: released once, however often the sweep runs.
    const clientMails = ctx.sink.countTo('asha.dl@example.in')
    const freelancerMails = ctx.sink.countTo('ravi.dl@example.in')
    await advanceClock(ctx.database.db, 2 * DAY)
    await sweep()
    await sweep()
    expect(await releases(b.id)).toBe(1)
    const c = await contract(b.id)
    expect(c.reviewDueAt).toBeNull()
    expect(c.escrow).toMatchObject({ inEscrow: 0, released: 1000, fundStatus: 'Released' })
    expect(c.timeline.at(-1)).toMatchObject({
      kind: 'auto_released',
      actor: null,
      data: { amount: 1000, reason: 'review_window_ended' },
    })
    expect(await notes(asha.user._id, b.id)).toContain('payment_auto_released')
    expect(await notes(ravi.user._id, b.id)).toEqual(
      expect.arrayContaining(['payment_released', 'payment_auto_released']),
    )
    await ctx.app.outbox.settled()
    // Each side gets the notice by mail too.
    expect(ctx.sink.countTo('asha.dl@example.in')).toBeGreaterThan(clientMails)
    expect(ctx.sink.countTo('ravi.dl@example.in')).toBeGreaterThan(freelancerMails)
    // The client's own release was not repeated, the frozen and disputed ones not released.
    expect(await releases(a.id)).toBe(1)
    expect(await releases(frozen.id)).toBe(0)
    expect(await releases(disputed.id)).toBe(0)
    // The per-unit one released the two units submitted, not all four.
    expect((await contract(perUnitC.id)).escrow).toMatchObject({
      releasedUnits: 2,
      released: 1000,
      inEscrow: 1000,
    })

    // Unfrozen with no dispute in its window: it releases at the next sweep.
    await ctx.database.db.execute(sql`update contracts set frozen_at = null where id = ${frozen.id}::uuid`)
    await sweep()
    expect(await releases(frozen.id)).toBe(1)
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })

  it('a refund is on the timeline and leaves no window', async () => {
    const { id } = await hire()
    await submit(ravi, id)
    expect((await post(asha, '/api/v1/payments/refund', { contractId: id })).statusCode).toBe(200)
    const c = await contract(id)
    expect(c.reviewDueAt).toBeNull()
    expect(c.timeline.map((e: any) => e.kind)).toEqual(['funded', 'submitted', 'refunded'])
  })
})

describe('rules', () => {
  it('the reminder: two days before the end, half-way for windows of two days or less', () => {
    expect(reminderLeadMs(7 * DAY)).toBe(2 * DAY)
    expect(reminderLeadMs(2 * DAY)).toBe(DAY)
    expect(reminderLeadMs(1000)).toBe(500)
  })
  it('an amount released by the system counts the whole units it pays for', () => {
    const perUnitTerms = { paymentType: 'per-unit' as const, ratePaise: 50000, totalPaise: 200000 }
    expect(unitsPaidBy(perUnitTerms, 120000, 4)).toBe(2)
    expect(unitsPaidBy(perUnitTerms, 49999, 4)).toBe(0)
    expect(unitsPaidBy(perUnitTerms, 500000, 3)).toBe(3)
    expect(unitsPaidBy({ paymentType: 'one-time', ratePaise: null, totalPaise: 100000 }, 99999, 1)).toBe(0)
  })
})
