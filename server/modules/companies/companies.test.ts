import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'

let ctx: TestCtx
let asha: Session
let vikram: Session
let ravi: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const kaveri = {
  name: 'Kaveri Foods',
  website: 'https://kaverifoods.example.in',
  logo: 'https://cdn.example.in/kaveri.png',
  description: 'Millet snacks from Bengaluru',
}
const create = (s: Session | null, payload: object = kaveri) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/company', payload })

describe('POST /api/v1/company', () => {
  it('401 without a session, 403 for a freelancer', async () => {
    expect((await create(null)).statusCode).toBe(401)
    const res = await create(ravi)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('wrong_role')
  })
  it('creates the caller’s company profile', async () => {
    const res = await create(asha)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      success: true,
      company: { ...kaveri, owner: { _id: asha.user._id, fullname: 'Asha Iyer' }, jobCount: 0 },
    })
  })
  it('400 for a blank name or a website that is not http(s)', async () => {
    expect((await create(asha, { name: '  ' })).json().message).toBe('Company name is required')
    const bad = await create(asha, { name: 'X', website: 'javascript:alert(1)' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toHaveProperty('website')
  })
})

describe('reading companies', () => {
  it('GET /company answers the caller’s companies (401 without a session)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/company' })).statusCode).toBe(401)
    const mine = await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/company' })
    expect(mine.json().data.companies.map((c: any) => c.name)).toEqual(['Kaveri Foods'])
    const none = await injectAs(ctx.app, vikram, { method: 'GET', url: '/api/v1/company' })
    expect(none.json().data.companies).toEqual([])
  })
  it('GET /company/:id is public and counts the company’s visible jobs; 404 otherwise', async () => {
    const id = (await create(asha, { name: 'Kaveri Kitchens' })).json().company._id
    await postJob(ctx.app, asha, { companyId: id })
    await postJob(ctx.app, asha, { companyId: id, status: 'draft' })
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/company/${id}` })
    expect(res.json().company).toMatchObject({ name: 'Kaveri Kitchens', jobCount: 1 })
    expect(res.body).not.toContain('asha@example.in')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/company/nope' })).statusCode).toBe(404)
  })
})

describe('PUT and DELETE /api/v1/company/:id (owner only)', () => {
  it('401 / 403 for others / updates for the owner, and a job shows the new name', async () => {
    const id = (await create(asha, { name: 'Old Name' })).json().company._id
    const job = await postJob(ctx.app, asha, { companyId: id, title: 'Packaging design' })
    const url = `/api/v1/company/${id}`
    expect((await injectAs(ctx.app, null, { method: 'PUT', url, payload: kaveri })).statusCode).toBe(401)
    for (const s of [vikram, ravi]) {
      const res = await injectAs(ctx.app, s, { method: 'PUT', url, payload: { name: 'Taken over' } })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('not_company_owner')
    }
    const ok = await injectAs(ctx.app, asha, { method: 'PUT', url, payload: { name: 'Kaveri Snacks' } })
    expect(ok.json().company).toMatchObject({ name: 'Kaveri Snacks', website: null })
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/v1/job/${job._id}` })
    expect(seen.json().job.company.name).toBe('Kaveri Snacks')
    // The renamed company is searchable through its jobs.
    const found = await ctx.app.inject({ method: 'GET', url: '/api/v1/job/get?q=snacks' })
    expect(found.json().data.jobs.map((j: any) => j._id)).toContain(job._id)
  })
  it('deletes for the owner only, and not while active jobs name it (409)', async () => {
    const id = (await create(asha, { name: 'Short-lived' })).json().company._id
    const url = `/api/v1/company/${id}`
    expect((await injectAs(ctx.app, vikram, { method: 'DELETE', url })).statusCode).toBe(403)
    const job = await postJob(ctx.app, asha, { companyId: id })
    const busy = await injectAs(ctx.app, asha, { method: 'DELETE', url })
    expect(busy.statusCode).toBe(409)
    expect(busy.json().code).toBe('company_in_use')
    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: `/api/v1/job/${job._id}/status`,
      payload: { status: 'closed' },
    })
    expect((await injectAs(ctx.app, asha, { method: 'DELETE', url })).json()).toEqual({
      success: true,
      message: 'Company deleted',
    })
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    const still = await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/job/${job._id}` })
    expect(still.json().job.company).toBeNull()
  })
})
