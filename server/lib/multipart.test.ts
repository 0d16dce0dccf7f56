import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, multipart, PDF, signUp, type Session, type TestCtx } from '../test/helpers'
import { media, multipartFiles } from '../modules/uploads/test-media'

// A body cut off before its closing boundary (a dropped connection behind a proxy that forwards what it got, or a
// hostile client) is the sender's fault: a 400 that says so, and nothing of it kept — no upload row, no file, no
// temporary file, no change to the profile.
let ctx: TestCtx
let asha: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer' })
  const res = await injectAs(ctx.app, asha, {
    method: 'POST',
    url: '/api/v1/user/profile/update',
    ...multipart({ fullname: 'Asha Iyer', bio: 'Before', skills: 'React' }),
  })
  expect(res.statusCode).toBe(200)
})
afterAll(() => ctx?.close())

const uploadsCount = async () =>
  Number(((await ctx.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0] as any).n)
const onDisk = () => fs.readdirSync(path.join(ctx.dataDir, 'uploads')).sort()
const me = async () => (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/user/me' })).json().user

/** Cuts a body `keep` bytes from its start, or — with a negative `keep` — that many bytes before its end. */
const cut = (form: { payload: Buffer; headers: Record<string, string> }, keep: number) => ({
  headers: form.headers,
  payload: form.payload.subarray(0, keep < 0 ? form.payload.length + keep : keep),
})
/** Three ways to cut: inside the file's bytes, just before the closing boundary, and right after a field. */
const cuts = (form: { payload: Buffer; headers: Record<string, string> }, fieldEnd: number) => [
  cut(form, Math.floor(form.payload.length * 0.6)),
  cut(form, -4),
  cut(form, fieldEnd),
]
/** Where the first part (a field) ends in a body `multipart()` made. */
const endOfFirstPart = (form: { payload: Buffer }) =>
  form.payload.indexOf('\r\n--', form.payload.indexOf('\r\n\r\n')) + 2

const expectCutOff = (res: { statusCode: number; json: () => any }) => {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    success: false,
    message: 'The form arrived incomplete (the upload was cut off). Please send it again.',
    code: 'incomplete_form',
  })
}

describe('a multipart body cut off before its end', () => {
  it('POST /api/v1/uploads: 400, and no row, no file and no temporary file kept', async () => {
    const before = [await uploadsCount(), onDisk()]
    const form = multipartFiles([
      { name: 'a.png', type: 'image/png', data: await media.png(400, 300) },
      { name: 'clip.mp4', type: 'video/mp4', data: media.mp4(64 * 1024) },
    ])
    for (const body of cuts(form, form.payload.indexOf('clip.mp4'))) {
      const res = await injectAs(ctx.app, asha, { method: 'POST', url: '/api/v1/uploads', ...body })
      expectCutOff(res)
      expect([await uploadsCount(), onDisk()]).toEqual(before)
    }
  })

  it('PUT /api/v1/user/profile: 400, the name and photo unchanged, nothing stored', async () => {
    const before = [await uploadsCount(), onDisk()]
    const form = multipart(
      { fullname: 'Someone Else' },
      { profilePhoto: { name: 'me.png', type: 'image/png', data: await media.png(600, 400) } },
    )
    for (const body of cuts(form, endOfFirstPart(form))) {
      const res = await injectAs(ctx.app, asha, { method: 'PUT', url: '/api/v1/user/profile', ...body })
      expectCutOff(res)
      expect([await uploadsCount(), onDisk()]).toEqual(before)
      const user = await me()
      expect(user.fullname).toBe('Asha Iyer')
      expect(user.profile.profilePhoto ?? '').toBe('')
    }
  })

  it('POST /api/v1/user/profile/update: 400, the profile and resume unchanged, nothing stored', async () => {
    const before = [await uploadsCount(), onDisk()]
    const form = multipart(
      { bio: 'After', fullname: 'Someone Else', skills: 'Go' },
      { file: { name: 'cv.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(20_000)]) } },
    )
    for (const body of cuts(form, endOfFirstPart(form))) {
      const res = await injectAs(ctx.app, asha, {
        method: 'POST',
        url: '/api/v1/user/profile/update',
        ...body,
      })
      expectCutOff(res)
      expect([await uploadsCount(), onDisk()]).toEqual(before)
      const user = await me()
      expect(user.fullname).toBe('Asha Iyer')
      expect(user.profile).toMatchObject({ bio: 'Before', skills: ['React'] })
      expect(user.profile.resume ?? '').toBe('')
    }
  })

  it('a multipart Content-Type without a boundary is a 400 too', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/uploads'],
      ['PUT', '/api/v1/user/profile'],
      ['POST', '/api/v1/user/profile/update'],
    ] as const) {
      const res = await injectAs(ctx.app, asha, {
        method,
        url,
        headers: { 'content-type': 'multipart/form-data' },
        payload: '--x\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nX\r\n--x--\r\n',
      })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().code, url).toBe('bad_form')
    }
    expect((await me()).fullname).toBe('Asha Iyer')
  })

  it('a whole form still goes through', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/user/profile/update',
      ...multipart({ fullname: 'Asha Iyer', bio: 'Whole', skills: 'React' }),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.profile.bio).toBe('Whole')
  })
})
