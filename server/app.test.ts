import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestCtx } from './test/helpers'

let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx?.close())

describe('the app shell', () => {
  it('answers /healthz and /readyz (which checks the database)', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await ctx.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json().status).toBe('ready')
  })
  it('answers unknown API routes with the error envelope', async () => {
    const res = await ctx.app.inject('/api/v1/nope')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'No route GET /api/v1/nope', code: 'not_found' })
  })
  it('answers a malformed or over-long path segment with the error envelope, not the router default', async () => {
    const bad = await ctx.app.inject('/api/v1/job/%78%ff%79')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ success: false, message: 'The address is not valid', code: 'bad_url' })
    const long = await ctx.app.inject(`/api/v1/job/${'x'.repeat(500)}`)
    expect(long.statusCode).toBe(414)
    expect(long.json()).toEqual({
      success: false,
      message: 'A part of the address is too long',
      code: 'url_too_long',
    })
  })
  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json()
    expect(doc.openapi).toMatch(/^3\./)
    const verify = doc.paths['/api/v1/user/verify-otp'].post
    expect(Object.keys(verify.requestBody.content['application/json'].schema.properties)).toEqual([
      'email',
      'otp',
    ])
    expect(doc.paths['/api/v1/user/m/{userId}']).toBeDefined()
    expect((await ctx.app.inject('/api/docs')).statusCode).toBeLessThan(400)
  })
  it('sets security headers', async () => {
    const res = await ctx.app.inject('/healthz')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
  it('tells the web app how codes are delivered', async () => {
    expect((await ctx.app.inject('/api/v1/config')).json()).toMatchObject({
      success: true,
      mailTransport: 'smtp',
    })
  })
})
