import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signUp, type TestCtx } from './test/helpers'

let ctx: TestCtx
let webDir: string
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-web-'))
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  )
  fs.mkdirSync(path.join(webDir, 'assets'))
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)')
  ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MIN: '1' }, { webDir })
})
afterAll(async () => {
  await ctx?.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

/** The CSP as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const raw = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  )
}

function expectHardened(res: LightMyRequestResponse, what: string) {
  const policy = csp(res)
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"])
  // Scripts only from our origin: no inline script, no eval, whether set by script-src or inherited from default-src.
  const scripts = policy.get('script-src') ?? policy.get('default-src')
  expect(scripts, what).toBeDefined()
  expect(scripts, what).toContain("'self'")
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
    expect(scripts, `${what}: script-src ${unsafe}`).not.toContain(unsafe)
  expect(policy.get('script-src-attr'), what).toEqual(["'none'"])
  expect(policy.get('object-src'), what).toEqual(["'none'"])
  expect(policy.get('base-uri'), what).toEqual(["'self'"])
  expect(res.headers['x-frame-options'], what).toBe('DENY')
  expect(res.headers['x-content-type-options'], what).toBe('nosniff')
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
}

describe('security headers on every kind of answer', () => {
  it('HTML pages (the SPA and its deep links) and static assets', async () => {
    for (const url of ['/', '/jobs', '/m/someone', '/chat']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expectHardened(res, url)
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(asset.statusCode).toBe(200)
    expectHardened(asset, 'asset')
  })

  it('API answers: success, signed-in, errors, not found and rate limited', async () => {
    const s = await signUp(ctx)
    const answers: [string, LightMyRequestResponse][] = [
      ['config', await ctx.app.inject({ method: 'GET', url: '/api/v1/config' })],
      ['me', await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/user/me' })],
      ['401', await ctx.app.inject({ method: 'GET', url: '/api/v1/user/me' })],
      ['400', await injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/posts/create', payload: {} })],
      ['404', await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' })],
    ]
    // The sign-up above used this address's one code request a minute; the next is refused.
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      payload: { email: 'again@example.in', fullname: 'Again' },
    })
    expect(limited.statusCode).toBe(429)
    answers.push(['429', limited])
    for (const [what, res] of answers) {
      expect(res.headers['content-type'], what).toMatch(/^application\/json/)
      expectHardened(res, what)
    }
  })
})
