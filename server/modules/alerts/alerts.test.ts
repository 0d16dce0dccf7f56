import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SAVED_SEARCHES } from '@common/schemas/alerts'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'

let ctx: TestCtx
let ravi: Session
let meera: Session
beforeAll(async () => {
  ctx = await createTestApp()
  ravi = await signUp(ctx, { fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { fullname: 'Meera Shah' })
})
afterAll(() => ctx?.close())

const call = (
  s: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => injectAs(ctx.app, s, { method, url, ...(payload ? { payload } : {}) })
const save = (s: Session, body: object) => call(s, 'POST', '/api/v1/alerts', body)
const word = () => `zw${Math.random().toString(36).slice(2, 8)}`

describe('POST /api/v1/alerts', () => {
  it('401 without a session', async () => {
    expect((await call(null, 'POST', '/api/v1/alerts', { frequency: 'instant' })).statusCode).toBe(401)
  })
  it('saves a search with its filters and answers it with a label', async () => {
    const q = word()
    const res = await save(ravi, {
      q: `  ${q} developer `,
      category: 'Jobs',
      state: 'Karnataka',
      paymentType: 'one-time',
      minBudget: '5000',
      frequency: 'daily',
    })
    expect(res.statusCode).toBe(201)
    const a = res.json().alert
    expect(a).toMatchObject({
      q: `${q} developer`,
      category: 'Jobs',
      state: 'Karnataka',
      paymentType: 'one-time',
      minBudget: 5000,
      frequency: 'daily',
      lastSentAt: null,
    })
    expect(a.label).toBe(`“${q} developer” · Jobs · Karnataka · one-time · ₹5,000+`)
    expect(a).not.toHaveProperty('matchKeys')
  })
  it('409 for the same search saved twice (text compared without case)', async () => {
    const q = word()
    expect((await save(ravi, { q, frequency: 'instant' })).statusCode).toBe(201)
    const again = await save(ravi, { q: q.toUpperCase(), frequency: 'weekly' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('alert_exists')
  })
  it('400 with a message for a bad frequency, category, state, budget or text', async () => {
    for (const body of [
      { frequency: 'hourly' },
      { frequency: 'daily', category: 'Nope' },
      { frequency: 'daily', state: 'Atlantis' },
      { frequency: 'daily', minBudget: '-4' },
      { frequency: 'daily', q: 'x'.repeat(201) },
      { frequency: 'daily', q: 'the and of' },
      {},
    ]) {
      const res = await save(meera, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().message).toBeTruthy()
    }
    expect((await call(meera, 'GET', '/api/v1/alerts')).json().alerts).toEqual([])
  })
  it(`409 beyond ${MAX_SAVED_SEARCHES} saved searches`, async () => {
    const s = await signUp(ctx)
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++)
      expect((await save(s, { q: word(), frequency: 'weekly' })).statusCode).toBe(201)
    const over = await save(s, { q: word(), frequency: 'weekly' })
    expect(over.statusCode).toBe(409)
    expect(over.json().code).toBe('too_many_alerts')
  })
})

describe('GET /api/v1/alerts', () => {
  it('401 without a session', async () => {
    expect((await call(null, 'GET', '/api/v1/alerts')).statusCode).toBe(401)
  })
  it('lists only the caller’s searches, oldest first, with the applicant choice', async () => {
    const s = await signUp(ctx)
    const first = (await save(s, { q: word(), frequency: 'instant' })).json().alert
    const second = (await save(s, { category: 'Internships', frequency: 'weekly' })).json().alert
    const res = await call(s, 'GET', '/api/v1/alerts')
    expect(res.statusCode).toBe(200)
    expect(res.json().alerts.map((a: any) => a._id)).toEqual([first._id, second._id])
    expect(res.json().applicants).toEqual({ frequency: 'off' })
    expect(res.json().max).toBe(MAX_SAVED_SEARCHES)
  })
})

describe('PATCH and DELETE /api/v1/alerts/:id', () => {
  it('401 without a session', async () => {
    const id = (await save(ravi, { q: word(), frequency: 'instant' })).json().alert._id
    expect((await call(null, 'PATCH', `/api/v1/alerts/${id}`, { frequency: 'daily' })).statusCode).toBe(401)
    expect((await call(null, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(401)
  })
  it('403 for someone else’s search, which stays as it was', async () => {
    const id = (await save(ravi, { q: word(), frequency: 'instant' })).json().alert._id
    expect((await call(meera, 'PATCH', `/api/v1/alerts/${id}`, { frequency: 'daily' })).statusCode).toBe(403)
    expect((await call(meera, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(403)
    const mine = (await call(ravi, 'GET', '/api/v1/alerts')).json().alerts.find((a: any) => a._id === id)
    expect(mine.frequency).toBe('instant')
  })
  it('changes the frequency, then deletes; 404 after', async () => {
    const id = (await save(ravi, { q: word(), frequency: 'instant' })).json().alert._id
    const patched = await call(ravi, 'PATCH', `/api/v1/alerts/${id}`, { frequency: 'weekly' })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().alert.frequency).toBe('weekly')
    expect((await call(ravi, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(200)
    expect((await call(ravi, 'DELETE', `/api/v1/alerts/${id}`)).statusCode).toBe(404)
  })
  it('400 for a bad id or frequency', async () => {
    expect((await call(ravi, 'DELETE', '/api/v1/alerts/not-an-id')).statusCode).toBe(400)
    const id = (await save(ravi, { q: word(), frequency: 'instant' })).json().alert._id
    expect((await call(ravi, 'PATCH', `/api/v1/alerts/${id}`, { frequency: 'never' })).statusCode).toBe(400)
  })
})

describe('PUT /api/v1/alerts/applicants', () => {
  it('401 without a session', async () => {
    expect((await call(null, 'PUT', '/api/v1/alerts/applicants', { frequency: 'daily' })).statusCode).toBe(
      401,
    )
  })
  it('stores the caller’s choice; 400 for another word', async () => {
    const s = await signUp(ctx, { role: 'client' })
    expect((await call(s, 'PUT', '/api/v1/alerts/applicants', { frequency: 'daily' })).statusCode).toBe(200)
    expect((await call(s, 'GET', '/api/v1/alerts')).json().applicants).toEqual({ frequency: 'daily' })
    expect((await call(s, 'PUT', '/api/v1/alerts/applicants', { frequency: 'hourly' })).statusCode).toBe(400)
  })
})

describe('GET /api/v1/alerts/unsubscribe', () => {
  it('404 for a token nobody was given; 400 for one of the wrong shape', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/alerts/unsubscribe?token=${'A'.repeat(32)}`,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('This unsubscribe link is not valid or has expired')
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/alerts/unsubscribe?token=%3Cscript%3E' })
    expect(bad.statusCode).toBe(400)
  })
})
