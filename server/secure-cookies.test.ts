import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signUp, type Session, type TestCtx } from './test/helpers'

// Behind a TLS-terminating proxy the app sees plain HTTP. A cookie set on such a request must still be `Secure` when
// a proxy in TRUST_PROXY says the browser came over HTTPS (X-Forwarded-Proto), even without an https PUBLIC_URL —
// and only then: the same header from anyone else does not count.
let ctx: TestCtx
let asha: Session
beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: '10.0.0.5' })
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer' })
})
afterAll(() => ctx?.close())

type Via = { remoteAddress: string; headers: Record<string, string> }
const trustedHttps: Via = { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-proto': 'https' } }
const trustedHttp: Via = { remoteAddress: '10.0.0.5', headers: { 'x-forwarded-proto': 'http' } }
const untrustedHttps: Via = { remoteAddress: '10.0.0.6', headers: { 'x-forwarded-proto': 'https' } }

/** The newest code mailed to `email` (mail may leave just after the answer). */
async function codeFor(email: string) {
  for (let i = 0; i < 100; i++) {
    const code = ctx.sink.lastCode(email)
    if (code) return code
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** Every cookie the server sets on a sign-in, a page read that re-issues XSRF-TOKEN, a stale token and a logout. */
async function cookiesSet(via: Via) {
  const set: { name: string; secure?: boolean }[] = []
  const call = async (opts: { method: 'GET' | 'POST'; url: string; payload?: object; cookies?: object }) => {
    const res = await ctx.app.inject({ ...opts, ...via, headers: { ...via.headers } } as any)
    expect(res.statusCode, `${opts.url} ${res.body}`).toBeLessThan(300)
    set.push(...res.cookies)
    return res
  }
  const email = `secure-${crypto.randomBytes(4).toString('hex')}@example.in`
  await call({ method: 'POST', url: '/api/v1/user/send-otp', payload: { email, fullname: 'Secure Test' } })
  const signedIn = await call({
    method: 'POST',
    url: '/api/v1/user/verify-otp',
    payload: { email, otp: await codeFor(email) },
  })
  expect(signedIn.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'XSRF-TOKEN']))
  const reissued = await call({ method: 'GET', url: '/api/v1/user/me', cookies: { token: asha.token } })
  expect(reissued.cookies.map((c) => c.name)).toContain('XSRF-TOKEN')
  const stale = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/jobs',
    cookies: { token: 'no-such-session' },
    ...via,
  })
  expect(stale.cookies.map((c) => c.name)).toContain('token')
  set.push(...stale.cookies)
  const token = signedIn.cookies.find((c) => c.name === 'token')!.value
  const xsrf = signedIn.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  const out = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/logout',
    remoteAddress: via.remoteAddress,
    headers: { ...via.headers, 'x-xsrf-token': xsrf },
    cookies: { token, 'XSRF-TOKEN': xsrf },
  })
  expect(out.statusCode).toBe(200)
  expect(out.cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'XSRF-TOKEN']))
  set.push(...out.cookies)
  return set
}

describe('Secure cookies behind a proxy', () => {
  it('are Secure when a trusted proxy says the request came over HTTPS', async () => {
    const set = await cookiesSet(trustedHttps)
    expect(set.length).toBeGreaterThanOrEqual(6)
    for (const c of set) expect(c.secure, c.name).toBe(true)
  })

  it('are not Secure when the trusted proxy says plain HTTP', async () => {
    for (const c of await cookiesSet(trustedHttp)) expect(c.secure, c.name).toBeFalsy()
  })

  it('are not Secure on the say-so of an address that is not a trusted proxy', async () => {
    for (const c of await cookiesSet(untrustedHttps)) expect(c.secure, c.name).toBeFalsy()
  })
})

describe('Secure cookies with an https PUBLIC_URL', () => {
  it('are Secure on any request', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://microlance.example' })
    try {
      const s = await signUp(https, { email: 'priya@example.in', fullname: 'Priya Nair' })
      const res = await https.app.inject({
        method: 'GET',
        url: '/api/v1/user/me',
        cookies: { token: s.token },
      })
      const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!
      expect(xsrf.secure).toBe(true)
    } finally {
      await https.close()
    }
  })
})
