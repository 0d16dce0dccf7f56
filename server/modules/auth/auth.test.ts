import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { OTP } from '@common/limits'
import { createTestApp, injectAs, mailedCode, signUp, verify, type TestCtx } from '../../test/helpers'

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
    const code = await mailedCode(ctx, email)
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

  it('a mail server that refuses at first: the answer is the usual 200 and the code arrives on a retry', async () => {
    const email = 'mail-down@example.in'
    ctx.sink.refuse(true)
    let answer
    try {
      answer = await post('/send-otp', { email, fullname: 'Mail Down' })
    } finally {
      // The outbox's first retry comes a second later: the server takes mail again by then.
      ctx.sink.refuse(false)
    }
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ success: true, message: 'OTP sent! Check your email for the code.' })
    const code = await mailedCode(ctx, email)
    expect(code).toMatch(/^\d{6}$/)
    expect((await post('/verify-otp', { email, otp: code! })).statusCode).toBe(200)
  })

  it('answers before the mail is delivered: a mail server that hangs does not hold the answer', async () => {
    await signUp(ctx, { email: 'slow-mail@example.in' })
    const delivered = ctx.sink.countTo('slow-mail@example.in')
    ctx.sink.hold(true)
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/send-login-otp',
        payload: { email: 'slow-mail@example.in' },
        remoteAddress: '10.3.3.3',
      })
      expect(res.statusCode).toBe(200)
      // Answered while the mail server still holds the code's mail unanswered.
      expect(ctx.sink.countTo('slow-mail@example.in')).toBe(delivered)
    } finally {
      ctx.sink.hold(false)
    }
    await ctx.app.outbox.settled()
    expect(ctx.sink.countTo('slow-mail@example.in')).toBe(delivered + 1)
  })

  it('stores only an HMAC of the code and only a hash of the session token', async () => {
    const email = 'hash-check@example.in'
    await post('/send-otp', { email, fullname: 'Hash Check' })
    const code = (await mailedCode(ctx, email))!
    const rows = (await ctx.database.db.execute(sql`select code_hash from otp_codes where email = ${email}`))
      .rows as any[]
    expect(rows).toHaveLength(1)
    expect(rows[0].code_hash).not.toContain(code)
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/)
    const s = await verify(ctx, email)
    const sess = (await ctx.database.db.execute(sql`select token_hash from sessions`)).rows as any[]
    expect(sess.some((r) => r.token_hash === s.token)).toBe(false)
  })

  it('signup for an email that has an account answers as for a new one; the mail signs its owner in', async () => {
    const owner = await signUp(ctx, { email: 'taken@example.in', fullname: 'Taken Owner' })
    const fresh = await post('/send-otp', { email: 'fresh-address@example.in', fullname: 'Someone Else' })
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      payload: { email: 'taken@example.in', fullname: 'Someone Else' },
      remoteAddress: '10.4.4.4',
    })
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(taken.json()).toEqual(fresh.json())
    expect(taken.cookies.map((c) => c.name)).toEqual(fresh.cookies.map((c) => c.name))
    await ctx.app.outbox.settled()
    const mail = ctx.sink.mails.filter((m) => m.to.includes('taken@example.in')).at(-1)!
    expect(mail.raw).toMatch(/Subject: Your Microlance sign-in code is \d{6}/)
    expect(mail.raw).toMatch(/already has one/)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify-otp',
      payload: { email: 'taken@example.in', otp: ctx.sink.lastCode('taken@example.in') },
      remoteAddress: '10.4.4.4',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Logged in successfully!',
      data: { _id: owner.user._id, fullname: 'Taken Owner' },
    })
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
    const code = (await mailedCode(ctx, 'login-ok@example.in'))!
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
    await ctx.app.outbox.settled()
    expect(ctx.sink.countTo('nobody@example.in')).toBe(0)
    const res = await post('/verify-otp', { email: 'nobody@example.in', otp: '123456' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/^OTP verification failed/)
  })

  it('refuses a wrong code and still accepts the right one afterwards', async () => {
    const email = 'wrong-code@example.in'
    await post('/send-otp', { email, fullname: 'Wrong Code' })
    const code = (await mailedCode(ctx, email))!
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
    const signupCode = (await mailedCode(ctx, email))!
    await backdate(email, 31)
    // Anyone may ask for a sign-in code for any email; for an email with no account nothing is mailed.
    expect((await post('/send-login-otp', { email })).statusCode).toBe(200)
    await ctx.app.outbox.settled()
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
    const code = (await mailedCode(ctx, email))!
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
    const code = (await mailedCode(ctx, email))!
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
    await ctx.app.outbox.settled()
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
    await ctx.app.outbox.settled()
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

/** A code request as one browser would make it: from `ip`, with its `device` cookie once it has one. */
function browser(ip: string) {
  let device: string | undefined
  const call = async (url: string, payload: object) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/user${url}`,
      payload,
      remoteAddress: ip,
      cookies: device ? { device } : {},
    })
    device = res.cookies.find((c) => c.name === 'device')?.value ?? device
    return res
  }
  return { call, device: () => device }
}
const failuresFor = async (email: string) =>
  Number(
    (await ctx.database.db.execute(sql`select count(*)::int as n from otp_failures where email = ${email}`))
      .rows[0].n,
  )

describe('nobody but the owner can block an account (ADR 042)', () => {
  it('a browser gets a device cookie: httpOnly, SameSite=Lax, only for the account routes', async () => {
    const b = browser('10.20.0.1')
    const res = await b.call('/send-login-otp', { email: 'cookie-check@example.in' })
    const cookie = res.cookies.find((c) => c.name === 'device')!
    expect(cookie.value).toMatch(/^[\w-]{32}$/)
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Lax')
    expect(cookie.path).toBe('/api/v1/user')
    // Sent back, it is kept: no new cookie.
    expect(
      (await b.call('/verify-otp', { email: 'cookie-check@example.in', otp: '123456' })).cookies,
    ).toEqual([])
  })

  it("a stranger's requests use up the stranger's own allowance: the owner still gets codes (was 429 for an hour)", async () => {
    const email = 'owner-sends@example.in'
    await signUp(ctx, { email, fullname: 'Owner Sends' })
    await backdate(email, 31)
    const stranger = browser('10.21.0.1')
    for (let i = 0; i < OTP.maxSendsPerHour; i++) {
      expect((await stranger.call('/send-login-otp', { email })).statusCode).toBe(200)
      await backdate(email, 31)
    }
    const blocked = await stranger.call('/send-login-otp', { email })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('otp_hourly_limit')
    // The owner, from their own browser on another network, is neither made to wait nor refused.
    const owner = browser('10.22.0.1')
    expect((await owner.call('/send-login-otp', { email })).statusCode).toBe(200)
    const res = await owner.call('/verify-otp', { email, otp: (await mailedCode(ctx, email))! })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.email).toBe(email)
  })

  it("a stranger's wrong guesses never void the owner's code", async () => {
    const email = 'owner-guesses@example.in'
    await signUp(ctx, { email })
    await backdate(email, 31)
    const owner = browser('10.23.0.1')
    expect((await owner.call('/send-login-otp', { email })).statusCode).toBe(200)
    const code = (await mailedCode(ctx, email))!
    const stranger = browser('10.24.0.1')
    for (let i = 0; i < OTP.maxAttempts + 1; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
      const res = await stranger.call('/verify-otp', { email, otp: wrong })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('OTP verification failed')
    }
    // Typed in the owner's browser, the owner's code still works.
    expect((await owner.call('/verify-otp', { email, otp: code })).statusCode).toBe(200)
  })

  it('a code works only where it was asked for: another network cannot use a mailed code it did not request', async () => {
    const email = 'bound-code@example.in'
    await signUp(ctx, { email })
    await backdate(email, 31)
    const owner = browser('10.25.0.1')
    await owner.call('/send-login-otp', { email })
    const code = (await mailedCode(ctx, email))!
    const elsewhere = browser('10.26.0.1')
    expect((await elsewhere.call('/verify-otp', { email, otp: code })).statusCode).toBe(400)
    expect((await owner.call('/verify-otp', { email, otp: code })).statusCode).toBe(200)
  })

  it('caps the mail strangers can cause an address, but never refuses a browser that signed in to it before', async () => {
    const email = 'flooded@example.in'
    const owner = browser('10.27.0.1')
    await owner.call('/send-otp', { email, fullname: 'Flooded' })
    expect(
      (await owner.call('/verify-otp', { email, otp: (await mailedCode(ctx, email))! })).statusCode,
    ).toBe(200)
    // Ten strangers on ten networks (the owner's own first send counted as a stranger's: it knew no browser then).
    for (let i = 1; i < OTP.maxAddressSendsPerHour; i++)
      expect((await browser(`10.28.0.${i}`).call('/send-login-otp', { email })).statusCode).toBe(200)
    const eleventh = await browser('10.28.1.1').call('/send-login-otp', { email })
    expect(eleventh.statusCode).toBe(429)
    expect(eleventh.json()).toMatchObject({ success: false, code: 'otp_address_limit' })
    await ctx.app.outbox.settled()
    const mailed = ctx.sink.countTo(email)
    // The owner's browser is known to the account: it still gets its code and signs in.
    await backdate(email, 31)
    expect((await owner.call('/send-login-otp', { email })).statusCode).toBe(200)
    const code = (await mailedCode(ctx, email))!
    expect(ctx.sink.countTo(email)).toBe(mailed + 1)
    expect((await owner.call('/verify-otp', { email, otp: code })).statusCode).toBe(200)
  })

  it('at most 100 wrong codes a day per address from unknown browsers (NIST SP 800-63B); a known browser still signs in', async () => {
    const email = 'guessed@example.in'
    const owner = browser('10.29.0.1')
    await owner.call('/send-otp', { email, fullname: 'Guessed' })
    expect(
      (await owner.call('/verify-otp', { email, otp: (await mailedCode(ctx, email))! })).statusCode,
    ).toBe(200)
    // 99 wrong codes from strangers, as if over the last hours; the 100th through the route.
    await ctx.database.db.execute(
      sql`insert into otp_failures (email, requester, known, at)
          select ${email}, 'ip:10.30.0.' || g, false, now() - interval '1 hour' from generate_series(1, 99) g`,
    )
    const stranger = browser('10.30.1.1')
    await backdate(email, 31)
    expect((await stranger.call('/send-login-otp', { email })).statusCode).toBe(200)
    const strangerCode = (await mailedCode(ctx, email))!
    const wrong = strangerCode === '000000' ? '111111' : '000000'
    expect((await stranger.call('/verify-otp', { email, otp: wrong })).json().code).toBe('otp_invalid')
    expect(await failuresFor(email)).toBe(100)
    // The 101st is refused before the code is looked at, even the right one.
    const refused = await stranger.call('/verify-otp', { email, otp: strangerCode })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('otp_address_locked')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(22 * 3600)
    // The owner's own browser is not refused, and a right code ends the run of failures.
    await backdate(email, 31)
    expect((await owner.call('/send-login-otp', { email })).statusCode).toBe(200)
    expect(
      (await owner.call('/verify-otp', { email, otp: (await mailedCode(ctx, email))! })).statusCode,
    ).toBe(200)
    expect(await failuresFor(email)).toBe(0)
  })

  it('failures older than a day do not count', async () => {
    const email = 'old-failures@example.in'
    await ctx.database.db.execute(
      sql`insert into otp_failures (email, requester, known, at)
          select ${email}, 'ip:10.31.0.' || g, false, now() - interval '25 hours' from generate_series(1, 100) g`,
    )
    const b = browser('10.31.1.1')
    await b.call('/send-otp', { email, fullname: 'Old Failures' })
    expect((await b.call('/verify-otp', { email, otp: (await mailedCode(ctx, email))! })).statusCode).toBe(
      200,
    )
  })
})

describe('a code yields only the account it was sent for', () => {
  it('a sign-up code pending for an address that another account claims since does not sign into it', async () => {
    const email = 'claimed-later@example.in'
    const b = browser('10.32.0.1')
    await b.call('/send-otp', { email, fullname: 'First Asker' })
    const signupCode = (await mailedCode(ctx, email))!
    // Meanwhile an existing account takes the address through a confirmed email change.
    const other = await signUp(ctx, { fullname: 'Claimer' })
    const started = await injectAs(ctx.app, other, {
      method: 'POST',
      url: '/api/v1/user/email/change',
      payload: { email },
    })
    expect(started.statusCode).toBe(200)
    const confirm = await injectAs(ctx.app, other, {
      method: 'POST',
      url: '/api/v1/user/email/confirm',
      payload: { code: (await mailedCode(ctx, email))! },
    })
    expect(confirm.statusCode).toBe(200)
    const res = await b.call('/verify-otp', { email, otp: signupCode })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: 'OTP verification failed', code: 'otp_invalid' })
    expect(res.cookies.find((c) => c.name === 'token')).toBeUndefined()
  })

  it('a sign-in code for an account whose email has moved on signs into nothing', async () => {
    const email = 'moved-on@example.in'
    const s = await signUp(ctx, { email })
    await backdate(email, 31)
    const b = browser('10.33.0.1')
    await b.call('/send-login-otp', { email })
    const code = (await mailedCode(ctx, email))!
    await ctx.database.db.execute(
      sql`update users set email = 'moved-away@example.in' where id = ${s.user._id}`,
    )
    expect((await b.call('/verify-otp', { email, otp: code })).statusCode).toBe(400)
  })
})
