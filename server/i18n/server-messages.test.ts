import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../test/helpers'
import { applyTo, postJob } from '../test/jobs'
import { collect, connectAs, listenLocal, type ClientSocket } from '../test/sockets'

/**
 * What the server writes for people (ADR 069): error answers, notifications (as rows and live) and emails come in the
 * reader's language; an English reader gets exactly today's texts.
 */
let ctx: TestCtx
let url: string
let asha: Session // client, reads Hindi
let ravi: Session // freelancer, reads English
const sockets: ClientSocket[] = []
const open = async (s: Session) => {
  const sock = await connectAs(url, s)
  sockets.push(sock)
  return sock
}
const setLanguage = (s: Session, language: string) =>
  injectAs(ctx.app, s, { method: 'PATCH', url: '/api/v1/user/preferences', payload: { language } })
const verifyWrong = (email: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/verify-otp',
    payload: { email, otp: '000000' },
    headers,
  })

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha.hi@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.en@example.in', fullname: 'Ravi Kumar' })
  expect((await setLanguage(asha, 'hi-IN')).statusCode).toBe(200)
  url = await listenLocal(ctx.app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})

describe('error answers', () => {
  it('a Hindi reader gets a Hindi message; the code stays the same', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'GET',
      url: '/api/v1/job/00000000-0000-4000-8000-000000000000',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, code: 'job_not_found', message: 'नौकरी नहीं मिली' })
  })

  it('an English reader gets exactly today’s text', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'GET',
      url: '/api/v1/job/00000000-0000-4000-8000-000000000000',
    })
    expect(res.json()).toMatchObject({ code: 'job_not_found', message: 'Job not found' })
  })

  it('a visitor is read by the lang cookie, else Accept-Language, else English (OTP errors)', async () => {
    const email = 'nobody-yet@example.in'
    const english = (await verifyWrong(email)).json()
    expect(english).toMatchObject({ code: 'otp_invalid', message: 'OTP verification failed' })
    const byHeader = (await verifyWrong(email, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).json()
    expect(byHeader).toMatchObject({ code: 'otp_invalid', message: 'OTP की जाँच नहीं हो सकी' })
    const byCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify-otp',
      payload: { email, otp: '000000' },
      headers: { 'accept-language': 'hi-IN' },
      cookies: { lang: 'en-IN' },
    })
    expect(byCookie.json().message).toBe('OTP verification failed')
  })

  it('validation errors: the schema’s own words in Hindi, field by field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      payload: { email: 'not-an-email', fullname: 'X' },
      cookies: { lang: 'hi-IN' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'सही ईमेल पता डालें' })
    expect(res.json().errors.email).toBe('सही ईमेल पता डालें')
    const en = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      payload: { email: 'not-an-email', fullname: 'X' },
    })
    expect(en.json()).toMatchObject({
      message: 'Enter a valid email address',
      errors: { email: 'Enter a valid email address' },
    })
  })

  it('a signed-in person’s own language wins over the cookie and the browser', async () => {
    const own = await applyTo(ctx.app, asha, (await postJob(ctx.app, asha))._id).catch(
      (e: Error) => e.message,
    )
    expect(String(own)).toContain('आप अपनी ही नौकरी के लिए आवेदन नहीं कर सकते')
    const job = await postJob(ctx.app, asha, { title: 'Shop signboard' })
    const twice = async () =>
      injectAs(ctx.app, ravi, {
        method: 'POST',
        url: `/api/v1/application/jobs/${job._id}/apply`,
        payload: {},
        cookies: { lang: 'hi-IN' },
        headers: { 'accept-language': 'hi-IN' },
      })
    await twice()
    expect((await twice()).json().message).toBe('You have already applied to this job')
  })
})

describe('errors built from values (ADR 078)', () => {
  it('come by key: a Hindi reader gets the sentence in Hindi with its value; the code stays the same', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Visiting cards' })
    const application = await applyTo(ctx.app, ravi, job._id)
    const res = await injectAs(ctx.app, asha, {
      method: 'PATCH',
      url: `/api/v1/application/applications/${application._id}/status`,
      payload: { status: 'interview' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({
      code: 'status_not_allowed',
      message: 'यहाँ आप आवेदक को स्वीकार या अस्वीकार कर सकते हैं; “interview” इस तरह तय नहीं होता',
    })
  })
})

describe('notifications', () => {
  it('reach a Hindi reader in Hindi, live and as rows; an English reader gets today’s text', async () => {
    const ashaSock = await open(asha)
    const raviSock = await open(ravi)
    const toAsha = collect(ashaSock, 'receiveNotification')
    const toRavi = collect(raviSock, 'receiveNotification')
    const job = await postJob(ctx.app, asha, { title: 'Menu card design' })
    await applyTo(ctx.app, ravi, job._id)
    const [live] = await toAsha.until(1)
    expect(live.message).toBe('Ravi Kumar ने “Menu card design” के लिए आवेदन किया')
    const rows = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
    expect(rows.notifications[0].message).toBe('Ravi Kumar ने “Menu card design” के लिए आवेदन किया')

    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: ravi.user._id, content: 'Namaste' },
    })
    const [message] = await toRavi.until(1)
    expect(message.message).toBe('Asha Iyer sent you a message')
    await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: asha.user._id, content: 'Hello' },
    })
    const got = await toAsha.until(2)
    expect(got[1].message).toBe('Ravi Kumar ने आपको एक संदेश भेजा')
  })

  it('a refusal over the socket comes in the person’s language too', async () => {
    const ashaSock = await open(asha)
    expect(await ashaSock.emitWithAck('join', ravi.user._id)).toMatchObject({
      success: false,
      code: 'forbidden',
      message: 'आप सिर्फ़ अपने ही रूम से जुड़ सकते हैं',
    })
    const raviSock = await open(ravi)
    expect(await raviSock.emitWithAck('join', asha.user._id)).toMatchObject({
      message: 'You can only join your own room',
    })
  })

  it('keeps each row’s key and arguments, so a title that looks like a template still reads right', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Ravi Kumar applied to “Logo”' })
    await applyTo(ctx.app, ravi, job._id)
    const { rows } = await ctx.database.db.execute(
      sql`select message, message_key, message_params from notifications
           where user_id = ${asha.user._id}::uuid order by created_at desc limit 1`,
    )
    expect(rows[0]).toMatchObject({
      message: 'Ravi Kumar applied to “Ravi Kumar applied to “Logo””',
      message_key: 'notifications.application.new',
    })
    const list = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
    expect(list.notifications[0].message).toBe('Ravi Kumar ने “Ravi Kumar applied to “Logo”” के लिए आवेदन किया')
  })

  it('switching language re-renders the old ones', async () => {
    expect((await setLanguage(asha, 'en-IN')).statusCode).toBe(200)
    const rows = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
    expect(rows.notifications.map((n: any) => n.message)).toContain(
      'Ravi Kumar applied to “Menu card design”',
    )
    expect((await setLanguage(asha, 'hi-IN')).statusCode).toBe(200)
    const again = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
    expect(again.notifications.map((n: any) => n.message)).toContain(
      'Ravi Kumar ने “Menu card design” के लिए आवेदन किया',
    )
  })
})

describe('answers that a toast shows', () => {
  it('come in the reader’s language; English as before', async () => {
    const readAll = (s: Session) =>
      injectAs(ctx.app, s, { method: 'PATCH', url: '/api/v1/notification/read-all' })
    expect((await readAll(asha)).json().message).toMatch(
      /^(सभी सूचनाएँ पढ़ी हुई मान ली गईं|कोई बिना पढ़ी सूचना नहीं है)$/,
    )
    expect((await readAll(ravi)).json().message).toMatch(
      /^(All notifications marked as read|No unread notifications)$/,
    )
  })
})

describe('emails', () => {
  it('a Hindi account’s sign-in code comes in Hindi; an English one’s exactly as before', async () => {
    // From another network than the sign-ups', which may not ask again so soon.
    const send = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/send-login-otp',
        payload: { email },
        remoteAddress: '10.1.2.3',
      })
    expect((await send('asha.hi@example.in')).statusCode).toBe(200)
    expect((await send('ravi.en@example.in')).json().message).toBe('OTP sent! Check your email for the code.')
    await ctx.app.outbox.settled()
    const hi = ctx.sink.lastTo('asha.hi@example.in')!
    expect(hi.subject).toMatch(/^आपका Microlance साइन-इन कोड \d{6} है$/)
    expect(hi.text).toContain('यह 10 मिनट तक चलेगा')
    const en = ctx.sink.lastTo('ravi.en@example.in')!
    expect(en.subject).toMatch(/^Your Microlance sign-in code is \d{6}$/)
    expect(en.text).toMatch(
      /^Your Microlance sign-in code is \d{6}\.\n\nIt is valid for 10 minutes\. If you did not ask for it, ignore this email: nobody can sign in without it\.\s*$/,
    )
  })

  it('a sign-up code to a new address comes in the language of the request, and works', async () => {
    const email = 'naya@example.in'
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/send-otp',
      payload: { email, fullname: 'Naya Kumar' },
      headers: { 'accept-language': 'hi' },
    })
    expect(res.json().message).toBe('OTP भेज दिया गया! कोड के लिए अपना ईमेल देखें।')
    await ctx.app.outbox.settled()
    const mail = ctx.sink.lastTo(email)!
    expect(mail.subject).toMatch(/^आपका Microlance साइन-अप कोड \d{6} है$/)
    const otp = ctx.sink.lastCode(email)!
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/verify-otp',
      payload: { email, otp },
    })
    expect(ok.statusCode).toBe(200)
  })
})

describe('money inside notifications (ADR 078)', () => {
  it('a Hindi reader reads rupees as Hindi screens write them; an English reader exactly as before', async () => {
    const { fund, hiredJob, perUnit } = await import('../test/payments')
    const job = await hiredJob(ctx.app, asha, ravi, { title: 'Shop fit-out', ...perUnit(3, '50000') })
    // The answer's toast too, with the amount as Hindi screens write it.
    expect((await fund(ctx.app, asha, job._id)).message).toBe('भुगतान हो गया! ₹1,50,000 अब एस्क्रो में सुरक्षित हैं।')
    const first = async (s: Session) =>
      (await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/notification' })).json().notifications[0]
    expect((await first(asha)).message).toBe('“Shop fit-out” के लिए ₹1,50,000 अब एस्क्रो में सुरक्षित हैं')
    expect((await first(ravi)).message).toBe('The client put ₹1,50,000.00 in escrow for “Shop fit-out”')
    // The row keeps the amount raw, so the reader's language decides how it reads.
    const { rows } = await ctx.database.db.execute(
      sql`select message, message_key, message_params from notifications
           where user_id = ${asha.user._id}::uuid and type = 'payment_funded'`,
    )
    expect(rows[0]).toMatchObject({
      message: '₹1,50,000.00 is now held in escrow for “Shop fit-out”',
      message_key: 'notifications.escrow.heldClient',
      message_params: { amount: { paise: 15000000 }, title: 'Shop fit-out' },
    })
  })
})
