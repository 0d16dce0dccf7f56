import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import {
  createTestApp,
  injectAs,
  mailedCode,
  multipart,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { maskEmail } from './email-change.service'

let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx?.close())

const change = (s: Session | null, email: string, opts: { csrf?: boolean } = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/user/email/change', payload: { email }, ...opts })
const confirm = (s: Session | null, code: string, opts: { csrf?: boolean } = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/user/email/confirm', payload: { code }, ...opts })
const me = (s: Session) => injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/user/me', bearer: true })
const mailsTo = async (email: string) => {
  await ctx.app.outbox.settled()
  return ctx.sink.mails.filter((m) => m.to.includes(email))
}

/** A second session of the same person (another browser), through a sign-in code. */
async function signInAgain(email: string): Promise<Session> {
  await ctx.database.db.execute(
    sql`update otp_sends set sent_at = sent_at - interval '1 minute' where email = ${email}`,
  )
  const ip = '10.50.0.1'
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/send-login-otp',
    payload: { email },
    remoteAddress: ip,
  })
  expect(sent.statusCode).toBe(200)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/verify-otp',
    payload: { email, otp: await mailedCode(ctx, email) },
    remoteAddress: ip,
  })
  expect(res.statusCode).toBe(200)
  return {
    token: res.json().token,
    xsrf: res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value,
    user: res.json().data,
  }
}

describe('POST /api/v1/user/email/change', () => {
  it('401 without a session', async () => {
    expect((await change(null, 'x@example.in')).statusCode).toBe(401)
  })
  it('403 without the CSRF header', async () => {
    const s = await signUp(ctx)
    const res = await change(s, 'csrf-less@example.in', { csrf: false })
    expect(res.statusCode).toBe(403)
    expect(await mailsTo('csrf-less@example.in')).toHaveLength(0)
  })
  it('mails a code to the new address and a notice to the old; the email stays until confirmed', async () => {
    const s = await signUp(ctx, { email: 'keeps-old@example.in', fullname: 'Keeps Old' })
    const res = await change(s, 'wants-new@example.in')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      pendingEmail: 'wants-new@example.in',
      message:
        'We sent a code to wants-new@example.in. Enter it to confirm your new email; until then you sign in with the old one.',
    })
    const [codeMail] = await mailsTo('wants-new@example.in')
    expect(codeMail.raw).toMatch(/Subject: Your Microlance email change code is \d{6}/)
    const notice = (await mailsTo('keeps-old@example.in')).at(-1)!
    expect(notice.raw).toMatch(/Subject: Someone asked to change your Microlance sign-in email/)
    // Soft line breaks of the mail's encoding undone.
    const text = notice.raw.replace(/=\r?\n/g, '')
    expect(maskEmail('wants-new@example.in')).toBe('wa***@example.in')
    expect(text).toContain('wa***@example.in')
    expect(text).not.toContain('wants-new@example.in')
    expect((await me(s)).json()).toMatchObject({
      user: { email: 'keeps-old@example.in' },
      pendingEmail: 'wants-new@example.in',
    })
  })
  it('refuses the address the account already has, and a malformed one', async () => {
    const s = await signUp(ctx, { email: 'same-address@example.in' })
    const same = await change(s, 'Same-Address@example.in')
    expect(same.statusCode).toBe(400)
    expect(same.json()).toMatchObject({ code: 'email_unchanged', message: 'That is already your email' })
    const bad = await change(s, 'not an email')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual({ email: 'Enter a valid email address' })
  })
  it('a second request within 30 s waits (429), as codes do', async () => {
    const s = await signUp(ctx)
    expect((await change(s, 'twice@example.in')).statusCode).toBe(200)
    const again = await change(s, 'twice@example.in')
    expect(again.statusCode).toBe(429)
    expect(again.json().code).toBe('otp_resend_too_soon')
  })
})

describe('POST /api/v1/user/email/confirm', () => {
  it('401 without a session, 403 without the CSRF header', async () => {
    expect((await confirm(null, '123456')).statusCode).toBe(401)
    const s = await signUp(ctx)
    expect((await confirm(s, '123456', { csrf: false })).statusCode).toBe(403)
  })
  it('400 when no change is waiting', async () => {
    const s = await signUp(ctx)
    const res = await confirm(s, '123456')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('no_email_change')
  })
  it('the right code changes the email and signs out every other session; the old address is told', async () => {
    const s = await signUp(ctx, { email: 'moving@example.in', fullname: 'Moving Person' })
    const other = await signInAgain('moving@example.in')
    expect((await me(other)).statusCode).toBe(200)
    await change(s, 'moved@example.in')
    const res = await confirm(s, (await mailedCode(ctx, 'moved@example.in'))!)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message: 'Email changed. Every other device has been signed out.',
      user: { email: 'moved@example.in' },
    })
    expect((await me(s)).json()).toMatchObject({ user: { email: 'moved@example.in' }, pendingEmail: null })
    expect((await me(other)).statusCode).toBe(401)
    const told = (await mailsTo('moving@example.in')).at(-1)!
    expect(told.raw).toMatch(/Subject: Your Microlance sign-in email has changed/)
    // The new address signs in; the old one no longer reaches the account.
    const again = await signInAgain('moved@example.in')
    expect(again.user._id).toBe(s.user._id)
  })
  it('a wrong code is counted: 5 wrong, and even the right one is refused', async () => {
    const s = await signUp(ctx)
    await change(s, 'guessing@example.in')
    const code = (await mailedCode(ctx, 'guessing@example.in'))!
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await confirm(s, wrong)
    expect(first.statusCode).toBe(400)
    expect(first.json()).toMatchObject({
      code: 'otp_invalid',
      message: 'Email change failed: wrong code, 4 tries left.',
    })
    for (let i = 0; i < 4; i++) await confirm(s, wrong)
    const locked = await confirm(s, code)
    expect(locked.json().code).toBe('otp_locked')
    expect((await me(s)).json().user.email).not.toBe('guessing@example.in')
  })
  it('an expired code is refused', async () => {
    const s = await signUp(ctx)
    await change(s, 'late-confirm@example.in')
    await ctx.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 second' where new_email = 'late-confirm@example.in'`,
    )
    const res = await confirm(s, (await mailedCode(ctx, 'late-confirm@example.in'))!)
    expect(res.json().code).toBe('otp_expired')
  })
  it('an address another account took meanwhile: 409 and nothing changes', async () => {
    const s = await signUp(ctx, { email: 'slow-mover@example.in' })
    await change(s, 'contested@example.in')
    const code = (await mailedCode(ctx, 'contested@example.in'))!
    await signUp(ctx, { email: 'contested@example.in' })
    const res = await confirm(s, code)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'email_taken' })
    expect((await me(s)).json()).toMatchObject({
      user: { email: 'slow-mover@example.in' },
      pendingEmail: null,
    })
  })
})

describe('DELETE /api/v1/user/email/change', () => {
  it('401 without a session, 403 without the CSRF header', async () => {
    expect(
      (await injectAs(ctx.app, null, { method: 'DELETE', url: '/api/v1/user/email/change' })).statusCode,
    ).toBe(401)
    const s = await signUp(ctx)
    const res = await injectAs(ctx.app, s, {
      method: 'DELETE',
      url: '/api/v1/user/email/change',
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
  })
  it('cancels the waiting change: its code no longer works', async () => {
    const s = await signUp(ctx)
    await change(s, 'cancelled@example.in')
    const res = await injectAs(ctx.app, s, { method: 'DELETE', url: '/api/v1/user/email/change' })
    expect(res.json()).toEqual({ success: true, message: 'Email change cancelled' })
    expect((await me(s)).json().pendingEmail).toBeNull()
    const late = await confirm(s, (await mailedCode(ctx, 'cancelled@example.in'))!)
    expect(late.json().code).toBe('no_email_change')
  })
})

describe('the takeover the review found', () => {
  it("setting a victim's address on one's own account does not hand the victim's sign-in to it", async () => {
    const attacker = await signUp(ctx, { email: 'attacker@example.in', fullname: 'Attacker' })
    const set = await injectAs(ctx.app, attacker, {
      method: 'POST',
      url: '/api/v1/user/profile/update',
      ...multipart({ fullname: 'Attacker', email: 'victim@example.in' }),
    })
    expect(set.statusCode).toBe(200)
    expect(set.json().user.email).toBe('attacker@example.in')
    // The victim signs up with their own address and gets an account of their own.
    const victim = await signUp(ctx, { email: 'victim@example.in', fullname: 'Victim' })
    expect(victim.user._id).not.toBe(attacker.user._id)
    expect(victim.user.fullname).toBe('Victim')
    // The attacker cannot confirm without the code that went to the victim, nor take the address once it is used.
    const guess = await confirm(attacker, '123456')
    expect(guess.statusCode).toBe(400)
    expect((await me(attacker)).json().user.email).toBe('attacker@example.in')
  })
})
