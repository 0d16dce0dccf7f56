import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import {
  createTestApp,
  injectAs,
  multipart,
  PDF,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'

let ctx: TestCtx
let asha: Session
let ravi: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const uploadsCount = async () =>
  Number(((await ctx.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0] as any).n)
const filesOnDisk = () => fs.readdirSync(path.join(ctx.dataDir, 'uploads')).length
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer()

describe('GET /api/v1/user/me', () => {
  it('401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/me' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: 'Please log in to continue', code: 'unauthorized' })
  })
  it('answers the caller with private fields', async () => {
    const res = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(res.json().user).toMatchObject({
      email: 'ravi@example.in',
      fullname: 'Ravi Kumar',
      role: 'freelancer',
    })
  })
})

describe('public profiles', () => {
  it('hide another user’s email and phone', async () => {
    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/user/profile/update',
      ...multipart({ fullname: 'Asha Iyer', phoneNumber: '+91 98450 11223' }),
    })
    for (const viewer of [null, ravi]) {
      const res = await injectAs(ctx.app, viewer, {
        method: 'GET',
        url: `/api/v1/user/m/${asha.user.userId}`,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().user.fullname).toBe('Asha Iyer')
      expect(res.json().user).not.toHaveProperty('email')
      expect(res.json().user).not.toHaveProperty('phoneNumber')
      expect(res.body).not.toContain('asha@example.in')
      expect(res.body).not.toContain('98450')
    }
  })
  it('show them to the owner', async () => {
    const res = await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/user/m/${asha.user.userId}` })
    expect(res.json().user).toMatchObject({ email: 'asha@example.in', phoneNumber: '+91 98450 11223' })
  })
  it('GET /user/:id finds by id, 404 otherwise', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/v1/user/${asha.user._id}` })
    expect(ok.json()).toMatchObject({ success: true, user: { userId: asha.user.userId } })
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/00000000-0000-0000-0000-000000000000',
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('user_not_found')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/m/nosuchuser' })).statusCode).toBe(404)
  })
})

describe('POST /api/v1/user/profile/update', () => {
  const url = '/api/v1/user/profile/update'
  it('401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url, ...multipart({ fullname: 'X' }) })
    expect(res.statusCode).toBe(401)
  })
  it('403 without the CSRF header', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      csrf: false,
      ...multipart({ fullname: 'Hacked' }),
    })
    expect(res.statusCode).toBe(403)
  })
  it('updates the caller’s profile with a PDF resume, served as application/pdf', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart(
        {
          fullname: ' Ravi K ',
          email: 'ravi@example.in',
          phoneNumber: '+91 99000 44556',
          bio: 'React dev',
          skills: 'React, Node.js, ,React ',
        },
        { file: { name: 'Ravi CV.pdf', type: 'application/pdf', data: PDF } },
      ),
    })
    expect(res.statusCode).toBe(200)
    const user = res.json().user
    expect(res.json()).toMatchObject({ success: true, message: 'Profile updated!' })
    expect(user).toMatchObject({ fullname: 'Ravi K', phoneNumber: '+91 99000 44556' })
    expect(user.profile).toMatchObject({
      bio: 'React dev',
      skills: ['React', 'Node.js'],
      resumeOriginalName: 'Ravi CV.pdf',
    })
    const file = await ctx.app.inject({ method: 'GET', url: user.profile.resume })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('application/pdf')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.rawPayload.equals(PDF)).toBe(true)
  })
  it('refuses a disguised non-PDF and stores nothing', async () => {
    const before = { rows: await uploadsCount(), files: filesOnDisk() }
    const fake = await png(20, 20)
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart(
        { fullname: 'Changed Name' },
        { file: { name: 'resume.pdf', type: 'application/pdf', data: fake } },
      ),
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ success: false, message: 'The resume must be a PDF file' })
    expect({ rows: await uploadsCount(), files: filesOnDisk() }).toEqual(before)
    const me = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(me.json().user.fullname).toBe('Ravi K')
  })
  it('refuses a resume over 5 MB with 413 and stores nothing', async () => {
    const before = { rows: await uploadsCount(), files: filesOnDisk() }
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)])
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart({ fullname: 'Big' }, { file: { name: 'big.pdf', type: 'application/pdf', data: big } }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().message).toBe('The resume must be a PDF of at most 5 MB')
    expect({ rows: await uploadsCount(), files: filesOnDisk() }).toEqual(before)
  })
  it('a new email does not change the account: it waits for the code mailed to it (was changed at once)', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart({ fullname: 'Ravi Kumar', email: 'Ravi.New@Example.in', bio: 'Saved at once' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      message:
        'Profile updated! We sent a code to ravi.new@example.in. Enter it to confirm your new email; until then you sign in with the old one.',
      pendingEmail: 'ravi.new@example.in',
      user: { email: 'ravi@example.in', profile: { bio: 'Saved at once' } },
    })
    const me = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(me.json()).toMatchObject({
      user: { email: 'ravi@example.in' },
      pendingEmail: 'ravi.new@example.in',
    })
    await injectAs(ctx.app, ravi, { method: 'DELETE', url: '/api/v1/user/email/change' })
  })
  it('validates fields with clear messages', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart({ fullname: '   ', phoneNumber: 'call me' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      fullname: 'Name cannot be empty',
      phoneNumber: expect.stringMatching(/valid phone/),
    })
    expect(res.json().message).toBe('Name cannot be empty')
  })
  it('refuses an emptied email (it is how the account signs in) and keeps the one it had', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart({ fullname: 'Ravi K', email: '  ' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Email cannot be empty: it is how you sign in',
      errors: { email: 'Email cannot be empty: it is how you sign in' },
    })
    const me = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(me.json().user.email).toBe('ravi@example.in')
    // Left out, the email stays as it is.
    const kept = await injectAs(ctx.app, ravi, { method: 'POST', url, ...multipart({ fullname: 'Ravi K' }) })
    expect(kept.statusCode).toBe(200)
    expect(kept.json().user.email).toBe('ravi@example.in')
  })
  it('one user cannot change another’s profile: ids in the form are ignored', async () => {
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      ...multipart({ fullname: 'Ravi K', _id: asha.user._id, userId: asha.user.userId, bio: 'mine' }),
    })
    expect(res.statusCode).toBe(200)
    const a = await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/user/me' })
    expect(a.json().user.fullname).toBe('Asha Iyer')
    expect(a.json().user.profile.bio).not.toBe('mine')
  })
})

describe('PUT /api/v1/user/profile (name and photo)', () => {
  const url = '/api/v1/user/profile'
  it('401 without a session, 403 without CSRF', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url, ...multipart({ fullname: 'X' }) })).statusCode).toBe(
      401,
    )
    expect(
      (await injectAs(ctx.app, asha, { method: 'PUT', url, csrf: false, ...multipart({ fullname: 'X' }) }))
        .statusCode,
    ).toBe(403)
  })
  it('resizes the photo to at most 512 px and serves it with its real type', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url,
      ...multipart(
        { fullname: 'Asha I.' },
        { profilePhoto: { name: 'me.png', type: 'image/png', data: await png(1200, 900) } },
      ),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, user: { fullname: 'Asha I.' } })
    const photo = res.json().user.profile.profilePhoto
    const file = await ctx.app.inject({ method: 'GET', url: photo })
    expect(file.headers['content-type']).toBe('image/webp')
    const meta = await sharp(file.rawPayload).metadata()
    expect(Math.max(meta.width!, meta.height!)).toBe(512)
  })
  it('refuses a text file named .jpg and an empty name', async () => {
    const before = await uploadsCount()
    const bad = await injectAs(ctx.app, asha, {
      method: 'PUT',
      url,
      ...multipart(
        { fullname: 'Asha' },
        { profilePhoto: { name: 'x.jpg', type: 'image/jpeg', data: Buffer.from('<svg onload=alert(1)>') } },
      ),
    })
    expect(bad.statusCode).toBe(415)
    expect(bad.json().message).toBe('The photo must be a JPEG, PNG or WebP image')
    const empty = await injectAs(ctx.app, asha, { method: 'PUT', url, ...multipart({ fullname: '  ' }) })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.fullname).toBe('Name cannot be empty')
    expect(await uploadsCount()).toBe(before)
  })
  it('refuses JSON where a form is expected', async () => {
    const res = await injectAs(ctx.app, asha, { method: 'PUT', url, payload: { fullname: 'x' } })
    expect(res.statusCode).toBe(415)
  })
})

describe('POST /api/v1/user/update-skills', () => {
  const url = '/api/v1/user/update-skills'
  it('401 / 403 / happy', async () => {
    expect((await ctx.app.inject({ method: 'POST', url, payload: { skills: ['SEO'] } })).statusCode).toBe(401)
    expect(
      (await injectAs(ctx.app, ravi, { method: 'POST', url, csrf: false, payload: { skills: ['SEO'] } }))
        .statusCode,
    ).toBe(403)
    const ok = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url,
      bearer: true,
      payload: { skills: ['SEO', 'Figma', 'SEO'] },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Skills updated successfully!',
      user: { profile: { skills: ['SEO', 'Figma'] } },
    })
  })
  it('needs at least one skill', async () => {
    const res = await injectAs(ctx.app, ravi, { method: 'POST', url, payload: { skills: [] } })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual({ skills: 'Select at least one skill!' })
  })
})

describe('POST /api/v1/user/role', () => {
  const url = '/api/v1/user/role'
  it('401 / 403 / happy, and only freelancer or client', async () => {
    expect((await ctx.app.inject({ method: 'POST', url, payload: { role: 'client' } })).statusCode).toBe(401)
    expect(
      (await injectAs(ctx.app, ravi, { method: 'POST', url, csrf: false, payload: { role: 'client' } }))
        .statusCode,
    ).toBe(403)
    const ok = await injectAs(ctx.app, ravi, { method: 'POST', url, payload: { role: 'client' } })
    expect(ok.json().user.role).toBe('client')
    const admin = await injectAs(ctx.app, ravi, { method: 'POST', url, payload: { role: 'admin' } })
    expect(admin.statusCode).toBe(400)
    await injectAs(ctx.app, ravi, { method: 'POST', url, payload: { role: 'freelancer' } })
  })
})

describe('uploads are served by detected type only', () => {
  it('404 for unknown names and for path tricks', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/uploads/00000000-0000-0000-0000-000000000000.pdf' }))
        .statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fpglite' })).statusCode).toBe(404)
  })
})

describe('values the database cannot take', () => {
  it('answers 400, not 500, for a NUL or a uuid-shaped but malformed id, and a NUL in a skill changes nothing', async () => {
    for (const url of ['/api/v1/user/%00', `/api/v1/user/${'-'.repeat(36)}`, '/api/v1/user/m/a%00b']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code).toBe('invalid_value')
    }
    const before = (await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })).json().user
      .skills
    const res = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/user/update-skills',
      payload: { skills: ['Re\u0000act'] },
    })
    expect(res.statusCode).toBe(400)
    expect(
      (await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })).json().user.skills,
    ).toEqual(before)
  })
})

describe('PATCH /api/v1/user/preferences', () => {
  const url = '/api/v1/user/preferences'
  it('401 without a session, 403 without CSRF', async () => {
    const anon = await ctx.app.inject({ method: 'PATCH', url, payload: { language: 'hi-IN' } })
    expect(anon.statusCode).toBe(401)
    const noCsrf = await injectAs(ctx.app, ravi, {
      method: 'PATCH',
      url,
      csrf: false,
      payload: { language: 'hi-IN' },
    })
    expect(noCsrf.statusCode).toBe(403)
  })
  it('400 with a message for a language we do not have, and keeps the old one', async () => {
    for (const payload of [{ language: 'fr-FR' }, { language: 'hi' }, {}, { language: 5 }]) {
      const res = await injectAs(ctx.app, ravi, { method: 'PATCH', url, payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/language/i)
    }
    const me = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(me.json().user.language).toBe('en-IN')
  })
  it('stores the choice; it comes back with /me and only to the user themself', async () => {
    const ok = await injectAs(ctx.app, ravi, { method: 'PATCH', url, payload: { language: 'hi-IN' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ success: true, user: { _id: ravi.user._id, language: 'hi-IN' } })
    const me = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })
    expect(me.json().user.language).toBe('hi-IN')
    // Asha's language did not change, and Ravi's is not shown to her.
    const ashaMe = await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/user/me' })
    expect(ashaMe.json().user.language).toBe('en-IN')
    const seen = await injectAs(ctx.app, asha, { method: 'GET', url: `/api/v1/user/${ravi.user._id}` })
    expect(seen.json().user.language).toBeUndefined()
    await injectAs(ctx.app, ravi, { method: 'PATCH', url, payload: { language: 'en-IN' } })
  })
})
