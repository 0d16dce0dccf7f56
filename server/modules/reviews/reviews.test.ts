import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { advanceClock, resetClock } from '../../lib/clock'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'
import { hirePayableFreelancer } from '../../test/money'
import { fund } from '../../test/payments'
import { reviewsService } from './reviews.service'

const DAY = 24 * 60 * 60 * 1000

let ctx: TestCtx
let client: Session
let stranger: Session
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000' })
  client = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  stranger = await signUp(ctx, { fullname: 'Vikram Reddy', role: 'client' })
})
afterAll(() => ctx?.close())

const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const review = (s: Session | null, contractId: string, payload: unknown) =>
  injectAs(ctx.app, s, {
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/review`,
    payload: payload as object,
  })
const stateOf = async (s: Session, contractId: string) =>
  (await get(s, `/api/v1/contracts/${contractId}/reviews`)).json().reviews

let n = 0
/** A name part of letters only (PAN names take no digits). */
const letters = (i: number) => i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))
/** A one-time job of `by`, a fresh freelancer hired on it; funded and fully released unless `release` is false. */
async function contract(opts: { by?: Session; fund?: boolean; release?: boolean; title?: string } = {}) {
  const by = opts.by ?? client
  const job = await postJob(ctx.app, by, { title: opts.title ?? `Logo design for a bakery ${++n}` })
  const { f, contractId } = await hirePayableFreelancer(ctx, by, job._id, `Ravi ${letters(n)}`)
  if (opts.fund !== false) await fund(ctx.app, by, job._id)
  if (opts.fund !== false && opts.release !== false) {
    const res = await injectAs(ctx.app, by, {
      method: 'POST',
      url: '/api/v1/payments/release',
      payload: { jobId: job._id },
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  return { job, f, contractId }
}

describe('POST /api/v1/contracts/:id/review', () => {
  it('401 without a session, 404 for no contract, 403 for someone not on it', async () => {
    const { contractId } = await contract()
    expect((await review(null, contractId, { rating: 5, text: 'Great' })).statusCode).toBe(401)
    const none = await review(client, '00000000-0000-0000-0000-000000000000', { rating: 5, text: 'x' })
    expect(none.statusCode).toBe(404)
    const other = await review(stranger, contractId, { rating: 5, text: 'Great' })
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('not_contract_party')
    expect((await stateOf(client, contractId)).mine).toBeNull()
  })

  it('400 with a message for a rating outside 1..5, a fraction, or empty text; nothing is written', async () => {
    const { contractId } = await contract()
    for (const body of [
      { rating: 0, text: 'ok' },
      { rating: 6, text: 'ok' },
      { rating: 4.5, text: 'ok' },
      { rating: '5', text: 'ok' },
      { rating: 5, text: '   ' },
      { rating: 5, text: 'x'.repeat(2001) },
      { text: 'ok' },
    ]) {
      const res = await review(client, contractId, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toMatch(/rating|words|characters/i)
    }
    const rows = await ctx.database.db.execute(
      sql`select 1 from reviews where contract_id = ${contractId}::uuid`,
    )
    expect(rows.rows).toHaveLength(0)
  })

  it('409 before the contract ends: not funded, or money still in escrow', async () => {
    const unfunded = await contract({ fund: false })
    const held = await contract({ release: false })
    for (const { contractId, f } of [unfunded, held]) {
      const res = await review(client, contractId, { rating: 5, text: 'Great' })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'contract_not_ended' })
      expect((await review(f, contractId, { rating: 5, text: 'Great' })).statusCode).toBe(409)
      expect(await stateOf(client, contractId)).toMatchObject({
        ended: false,
        canReview: false,
        windowEndsAt: null,
      })
    }
  })

  it('a full refund ends the contract for reviews too', async () => {
    const { job, contractId, f } = await contract({ release: false })
    const refund = await injectAs(ctx.app, client, {
      method: 'POST',
      url: '/api/v1/payments/refund',
      payload: { jobId: job._id },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    expect((await stateOf(f, contractId)).ended).toBe(true)
    expect((await review(f, contractId, { rating: 2, text: 'Cancelled on me' })).statusCode).toBe(201)
  })

  it('one review per side: a second is 409 and changes nothing', async () => {
    const { contractId } = await contract()
    expect((await review(client, contractId, { rating: 4, text: 'Good work' })).statusCode).toBe(201)
    const again = await review(client, contractId, { rating: 1, text: 'Changed my mind' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('already_reviewed')
    expect((await stateOf(client, contractId)).mine).toMatchObject({ rating: 4, text: 'Good work' })
  })

  it('two writes at once by both sides reveal both (neither is left hidden)', async () => {
    const { contractId, f } = await contract()
    const [a, b] = await Promise.all([
      review(client, contractId, { rating: 5, text: 'Fast' }),
      review(f, contractId, { rating: 4, text: 'Clear brief' }),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([201, 201])
    expect((await stateOf(client, contractId)).theirs).toMatchObject({ rating: 4 })
    expect((await stateOf(f, contractId)).theirs).toMatchObject({ rating: 5 })
  })

  it('409 once the window has closed', async () => {
    const { contractId, f } = await contract()
    await advanceClock(ctx.database.db, 14 * DAY + 1000)
    try {
      const res = await review(f, contractId, { rating: 5, text: 'Late' })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('review_window_closed')
    } finally {
      await resetClock(ctx.database.db)
    }
  })
})

describe('GET /api/v1/contracts/:id/reviews', () => {
  it('401 without a session, 403 for someone not on it, 200 for both sides', async () => {
    const { contractId, f } = await contract()
    expect((await get(null, `/api/v1/contracts/${contractId}/reviews`)).statusCode).toBe(401)
    expect((await get(stranger, `/api/v1/contracts/${contractId}/reviews`)).statusCode).toBe(403)
    for (const s of [client, f]) {
      const state = await stateOf(s, contractId)
      expect(state).toMatchObject({
        ended: true,
        canReview: true,
        mine: null,
        theyWrote: false,
        theirs: null,
      })
      expect(Date.parse(state.windowEndsAt) - Date.now()).toBeGreaterThan(13 * DAY)
    }
  })
})

describe('GET /api/v1/user/:id/reviews', () => {
  it('is public; 404 for nobody', async () => {
    const newcomer = await signUp(ctx, { fullname: 'Meera Shah' })
    expect((await get(null, `/api/v1/user/${newcomer.user.userId}/reviews`)).json()).toEqual({
      success: true,
      reviews: [],
    })
    expect((await get(null, '/api/v1/user/nobody-here/reviews')).statusCode).toBe(404)
  })
})

describe('double-blind', () => {
  /** Everything the freelancer and the public can read that could carry the client's review of the freelancer. */
  async function looks(f: Session, contractId: string, jobTitle: string) {
    const profile = (await get(null, `/api/v1/user/${f.user._id}`)).json()
    const reviews = (await get(null, `/api/v1/user/${f.user._id}/reviews`)).json().reviews
    const clientProfile = (await get(null, `/api/v1/user/${client.user._id}`)).json()
    const state = await stateOf(f, contractId)
    const contract = (await get(f, `/api/v1/contracts/${contractId}`)).body
    const notes = (await get(f, '/api/v1/notification')).body
    const search = await get(null, `/api/v1/job/get?q=${encodeURIComponent(jobTitle)}&sort=relevant`)
    const listed = search.json().data.jobs.find((j: any) => j.title === jobTitle)
    return { profile, reviews, clientProfile, state, contract, notes, card: listed?.clientTrust }
  }
  const SECRET = 'Delivered a crisp logo, a pleasure'

  it('before both wrote, the other side’s rating and text appear nowhere; after both wrote, everywhere', async () => {
    const title = `Bakery menu board ${Date.now()}`
    const { contractId, f } = await contract({ title })
    const before = await looks(f, contractId, title)
    expect((await review(client, contractId, { rating: 2, text: SECRET })).statusCode).toBe(201)
    const freelancerReview = { rating: 5, text: 'Paid on time, clear brief' }

    const hidden = await looks(f, contractId, title)
    expect(hidden.reviews).toEqual([])
    expect(hidden.profile.reputation.rating).toEqual({ average: null, count: 0 })
    expect(hidden.state).toMatchObject({ theyWrote: true, theirs: null, canReview: true })
    for (const text of [hidden.contract, hidden.notes, JSON.stringify(hidden)])
      expect(text).not.toContain(SECRET)
    expect(hidden.notes).toContain('reviewed you')
    // The timeline says that the client reviewed, not what they wrote.
    expect(
      JSON.parse(hidden.contract).contract.timeline?.find?.((e: any) => e.kind === 'reviewed')?.data ?? {},
    ).not.toHaveProperty('rating')
    // The client sees their own at once.
    expect((await stateOf(client, contractId)).mine).toMatchObject({ rating: 2, text: SECRET })
    expect(before.card).toEqual(hidden.card)

    expect((await review(f, contractId, freelancerReview)).statusCode).toBe(201)
    const shown = await looks(f, contractId, title)
    expect(shown.reviews).toMatchObject([{ rating: 2, text: SECRET, authorRole: 'client' }])
    expect(shown.profile.reputation.rating).toEqual({ average: 2, count: 1 })
    expect(shown.state.theirs).toMatchObject({ rating: 2, text: SECRET })
    expect(shown.clientProfile.reputation.rating.count).toBeGreaterThanOrEqual(1)
    expect(shown.card.rating.count).toBe(hidden.card.rating.count + 1)
    expect((await get(f, '/api/v1/notification')).body).toContain('now visible')
  })

  it('after the window closes (shared clock), a lone review becomes visible through the task', async () => {
    const title = `Bakery signage ${Date.now()}`
    const { contractId, f } = await contract({ title })
    expect((await review(client, contractId, { rating: 3, text: SECRET })).statusCode).toBe(201)
    const hidden = await looks(f, contractId, title)
    expect(hidden.reviews).toEqual([])
    await advanceClock(ctx.database.db, 14 * DAY + 1000)
    try {
      // Reads compare with the clock at once; job cards wait for the task, which tells both sides.
      const closed = await looks(f, contractId, title)
      expect(closed.reviews).toMatchObject([{ rating: 3, text: SECRET }])
      expect(closed.profile.reputation.rating).toEqual({ average: 3, count: 1 })
      expect(closed.state).toMatchObject({ canReview: false, theirs: { rating: 3 } })
      expect(closed.card).toEqual(hidden.card)
      // The task's work, run the way the scheduler runs it; a second run finds nothing left.
      const task = reviewsService({ db: ctx.database.db, days: 14 })
      expect(await task.revealDue()).toBeGreaterThanOrEqual(1)
      expect(await task.revealDue()).toBe(0)
      const rows = await ctx.database.db.execute(
        sql`select visible_at from reviews where contract_id = ${contractId}::uuid and visible_at is not null`,
      )
      expect(rows.rows).toHaveLength(1)
      expect((await get(f, '/api/v1/notification')).body).toContain('now visible')
    } finally {
      await resetClock(ctx.database.db)
    }
  })
})
