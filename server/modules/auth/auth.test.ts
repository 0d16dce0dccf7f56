import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, verify, type TestCtx } from '../../test/helpers'

let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx?.close())

const post = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/user${url}`, payload })
/** Pretend the last code for `email` was sent `sec` seconds earlier (skips the 30 s resend wait). */
const backdate = async (email: string, sec: number) => {
  await ctx.database.db.execute(
    sql`update otp_sends set sent_at = sent_at - make_interval(secs => ${sec}) where email = ${email}`,
  )
  await ctx.database.db.execute(
    sql`update otp_codes set sent_at = sent_at - make_interval(secs => ${sec}) where email = ${email}`,
  )
}

describe('signup through a real SMTP sink', () => {
  it('mails a 6-digit code and verifying it creates the account and a session', async () => {
    const email = 'neha@example.in'
    const sent = await post('/send-otp', {
      email: '  Neha@Example.in ',
      fullname: '  Neha Gupta ',
      role: 'client',
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ success: true, message: 'OTP sent! Check your email for the code.' })
    const code = ctx.sink.lastCode(email)
    expect(code).toMatch(/^\d{6}$/)

    const res = await post('/verify-otp', { email, otp: ` ${code} ` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.message).toBe('Signed up successfully!')
    expect(body.token).toMatch(/^[\w-]{40,}$/)
    expect(body.data).toMatchObject({ email, fullname: 'Neha Gupta', role: 'client', username: 'neha' })
    expect(body.data.userId).toMatch(/^[a-z0-9]{8}$/)
    const cookie = res.cookies.find((c) => c.name === 'token')!
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Lax')
    expect(cookie.value).toBe(body.token)
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.httpOnly).toBeFalsy()

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { authorization: `Bearer ${body.token}` },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.email).toBe(email)
  })

  it('a mail server that refuses the code: 503, and no wait or hourly send is used up', async () => {
    const email = 'mail-down@example.in'
    const sends = async () =>
      Number(
        (await ctx.database.db.execute(sql`select count(*)::int as n from otp_sends where email = ${email}`))
          .rows[0].n,
      )
    ctx.sink.refuse(true)
    try {
      const down = await post('/send-otp', { email, fullname: 'Mail Down' })
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({
        success: false,
        code: 'mail_failed',
        message: 'We could not send the code just now. Please try again in a minute.',
      })
    } finally {
      ctx.sink.refuse(false)
    }
    expect(await sends()).toBe(0)
    const codes = await ctx.database.db.execute(sql`select 1 from otp_codes where email = ${email}`)
    expect(codes.rows).toHaveLength(0)
    // Asked again at once (no 30 s wait), the code arrives and works.
    const again = await post('/send-otp', { email, fullname: 'Mail Down' })
    expect(again.statusCode).toBe(200)
    expect(await sends()).toBe(1)
    const ok = await post('/verify-otp', { email, otp: ctx.sink.lastCode(email) })
    expect(ok.statusCode).toBe(200)
  })

  it('stores only an HMAC of the code and only a hash of the session token', async () => {
    const email = 'hash-check@example.in'
    await post('/send-otp', { email, fullname: 'Hash Check' })
    const code = ctx.sink.lastCode(email)!
    const rows = (await ctx.database.db.execute(sql`select code_hash from otp_codes where email = ${email}`))
      .rows as any[]
    expect(rows).toHaveLength(1)
    expect(rows[0].code_hash).not.toContain(code)
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/)
    const s = await verify(ctx, email)
    const sess = (await ctx.database.db.execute(sql`select token_hash from sessions`)).rows as any[]
    expect(sess.some((r) => r.token_hash === s.token)).toBe(false)
  })

  it('refuses signup for an email that already has an account (409)', async () => {
    await signUp(ctx, { email: 'taken@example.in' })
    const res = await post('/send-otp', { email: 'taken@example.in', fullname: 'Someone Else' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ success: false, code: 'email_taken' })
  })

  it('names the bad fields in a validation error', async () => {
    const res = await post('/send-otp', { email: 'not-an-email', fullname: '   ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 'validation_failed' })
    expect(res.json().errors).toEqual({
      email: 'Enter a valid email address',
      fullname: 'Name cannot be empty',
    })
  })

  it('answers malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON' })
  })
})

describe('login', () => {
  it('logs an existing user in with a mailed code', async () => {
    await signUp(ctx, { email: 'login-ok@example.in', fullname: 'Login Ok' })
    await backdate('login-ok@example.in', 31)
    const sent = await post('/send-login-otp', { email: 'LOGIN-OK@example.in' })
    expect(sent.statusCode).toBe(200)
    const code = ctx.sink.lastCode('login-ok@example.in')!
    const res = await post('/verify-otp', { email: 'login-ok@example.in', otp: code })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Logged in successfully!')
    expect(res.json().data.fullname).toBe('Login Ok')
  })

  it('answers the same for an unknown email, mails nothing, and verification then fails', async () => {
    await signUp(ctx, { email: 'known@example.in' })
    await backdate('known@example.in', 31)
    const known = await post('/send-login-otp', { email: 'known@example.in' })
    const unknown = await post('/send-login-otp', { email: 'nobody@example.in' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual(known.json())
    expect(ctx.sink.countTo('nobody@example.in')).toBe(0)
    const res = await post('/verify-otp', { email: 'nobody@example.in', otp: '123456' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^OTP verification failed/)
  })

  it('refuses a wrong code and still accepts the right one afterwards', async () => {
    const email = 'wrong-code@example.in'
    await post('/send-otp', { email, fullname: 'Wrong Code' })
    const code = ctx.sink.lastCode(email)!
    const wrong = code === '000000' ? '111111' : '000000'
    const res = await post('/verify-otp', { email, otp: wrong })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'otp_invalid',
      message: 'OTP verification failed: wrong code, 4 tries left.',
    })
    expect((await post('/verify-otp', { email, otp: code })).statusCode).toBe(200)
  })

  it('a sign-in code asked for this email after a sign-up code leaves the sign-up code working', async () => {
    const email = 'both-codes@example.in'
    await post('/send-otp', { email, fullname: 'Both Codes' })
    const signupCode = ctx.sink.lastCode(email)!
    await backdate(email, 31)
    // Anyone may ask for a sign-in code for any email; for an email with no account nothing is mailed.
    expect((await post('/send-login-otp', { email })).statusCode).toBe(200)
    expect(ctx.sink.countTo(email)).toBe(1)
    const wrong = signupCode === '000000' ? '111111' : '000000'
    expect((await post('/verify-otp', { email, otp: wrong })).json()).toMatchObject({
      code: 'otp_invalid',
      message: 'OTP verification failed: wrong code, 4 tries left.',
    })
    const res = await post('/verify-otp', { email, otp: signupCode })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Signed up successfully!',
      data: { email, fullname: 'Both Codes' },
    })
    // Both codes are used up with the account's creation.
    expect((await post('/verify-otp', { email, otp: signupCode })).statusCode).toBe(400)
  })

  it('refuses an expired code', async () => {
    const email = 'expired@example.in'
    await post('/send-otp', { email, fullname: 'Expired' })
    const code = ctx.sink.lastCode(email)!
    await ctx.database.db.execute(
      sql`update otp_codes set expires_at = now() - interval '1 second' where email = ${email}`,
    )
    const res = await post('/verify-otp', { email, otp: code })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('otp_expired')
  })

  it('voids the code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const email = 'five-tries@example.in'
    await post('/send-otp', { email, fullname: 'Five Tries' })
    const code = ctx.sink.lastCode(email)!
    const wrong = code === '999999' ? '888888' : '999999'
    for (let i = 0; i < 5; i++)
      expect((await post('/verify-otp', { email, otp: wrong })).statusCode).toBe(400)
    const res = await post('/verify-otp', { email, otp: code })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('otp_locked')
  })

  it('refuses a resend within 30 s with 429 and Retry-After', async () => {
    const email = 'resend@example.in'
    expect((await post('/send-otp', { email, fullname: 'Resend' })).statusCode).toBe(200)
    const res = await post('/send-otp', { email, fullname: 'Resend' })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('otp_resend_too_soon')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30)
    expect(ctx.sink.countTo(email)).toBe(1)
  })

  it('sends at most 5 codes per email per hour', async () => {
    const email = 'hourly@example.in'
    for (let i = 0; i < 5; i++) {
      expect((await post('/send-otp', { email, fullname: 'Hourly' })).statusCode).toBe(200)
      await backdate(email, 31)
    }
    const res = await post('/send-otp', { email, fullname: 'Hourly' })
    expect(res.statusCode).toBe(429)
    expect(res.json().code).toBe('otp_hourly_limit')
    expect(ctx.sink.countTo(email)).toBe(5)
  })
})

describe('sessions, logout and CSRF', () => {
  it('logout needs a session (401)', async () => {
    expect((await post('/logout', {})).statusCode).toBe(401)
  })

  it('logout revokes the token server-side', async () => {
    const s = await signUp(ctx)
    const out = await injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/user/logout' })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' })
    const me = await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/user/me', bearer: true })
    expect(me.statusCode).toBe(401)
  })

  it('refuses a cookie-authenticated POST without the X-XSRF-TOKEN header (403)', async () => {
    const s = await signUp(ctx)
    const res = await injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/user/logout', csrf: false })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_failed')
    // a header that is not bound to this session is refused too
    const other = await signUp(ctx)
    const forged = await injectAs(ctx.app, s, {
      method: 'POST',
      url: '/api/v1/user/logout',
      csrf: false,
      headers: { 'x-xsrf-token': other.xsrf },
      cookies: { 'XSRF-TOKEN': other.xsrf },
    })
    expect(forged.statusCode).toBe(403)
    // the session is still alive: the refused logout did nothing
    expect((await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/user/me' })).statusCode).toBe(200)
  })

  it('needs no CSRF header for bearer-authenticated requests', async () => {
    const s = await signUp(ctx)
    const res = await injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/user/logout', bearer: true })
    expect(res.statusCode).toBe(200)
  })

  it('an expired session is refused', async () => {
    const s = await signUp(ctx)
    await ctx.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`)
    expect(
      (await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/user/me', bearer: true })).statusCode,
    ).toBe(401)
  })
})

describe('limits per network', () => {
  it('answers 429 with Retry-After once one IP asks for too many codes', async () => {
    const limited = await createTestApp({ OTP_IP_HOURLY_LIMIT: '2', AUTH_RATE_LIMIT_PER_MIN: '3' })
    try {
      const send = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/user/send-otp',
          payload: { email, fullname: 'Ip' },
          remoteAddress: '10.1.1.1',
        })
      expect((await send('ip1@example.in')).statusCode).toBe(200)
      expect((await send('ip2@example.in')).statusCode).toBe(200)
      const third = await send('ip3@example.in')
      expect(third.statusCode).toBe(429)
      expect(third.json().code).toBe('otp_ip_limit')
      // the per-minute request limiter answers in the same envelope
      const fourth = await send('ip4@example.in')
      expect(fourth.statusCode).toBe(429)
      expect(fourth.json()).toMatchObject({ success: false, code: 'rate_limited' })
      expect(fourth.headers['retry-after']).toBeDefined()
      // another network is not affected
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/user/send-otp',
        payload: { email: 'ip5@example.in', fullname: 'Ip' },
        remoteAddress: '10.2.2.2',
      })
      expect(other.statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
