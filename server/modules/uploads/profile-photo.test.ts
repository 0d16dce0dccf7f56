import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, multipart, signUp, type Session, type TestCtx } from '../../test/helpers'

// A profile photo is held to the post images' pixel cap: a tiny file whose header claims a huge picture is refused
// before it is decoded, and nothing of it is kept.
let ctx: TestCtx
let asha: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer' })
})
afterAll(() => ctx?.close())

const uploadsCount = async () =>
  Number(((await ctx.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0] as any).n)
const onDisk = () => fs.readdirSync(path.join(ctx.dataDir, 'uploads')).sort()
const me = async () => (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/user/me' })).json().user

/** A real 16 × 16 JPEG whose frame header is rewritten to claim `w` × `h` (a few hundred bytes in all). */
async function jpegClaiming(w: number, h: number) {
  const buf = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer()
  for (let i = 2; i < buf.length; i += 2 + buf.readUInt16BE(i + 2)) {
    if (buf[i] !== 0xff) throw new Error('not a JPEG marker')
    if (buf[i + 1] === 0xc0 || buf[i + 1] === 0xc2) {
      buf.writeUInt16BE(h, i + 5)
      buf.writeUInt16BE(w, i + 7)
      return buf
    }
  }
  throw new Error('no frame header')
}
const putPhoto = (data: Buffer) =>
  injectAs(ctx.app, asha, {
    method: 'PUT',
    url: '/api/v1/user/profile',
    ...multipart({ fullname: 'Asha Photo' }, { profilePhoto: { name: 'me.jpg', type: 'image/jpeg', data } }),
  })

describe('profile photo pixel limit', () => {
  it('refuses a photo whose header claims more pixels than a post image may have, and keeps nothing', async () => {
    // 100 megapixels: over the post images' 60, under sharp's own default of 268.
    const bomb = await jpegClaiming(10_000, 10_000)
    expect(bomb.length).toBeLessThan(1000)
    const before = [await uploadsCount(), onDisk()]
    const res = await putPhoto(bomb)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      code: 'image_too_large',
      message: 'The photo is 10000 × 10000 pixels; at most 60 megapixels are accepted',
    })
    expect([await uploadsCount(), onDisk()]).toEqual(before)
    const user = await me()
    expect(user.fullname).toBe('Asha Iyer')
    expect(user.profile.profilePhoto ?? '').toBe('')
  })

  it('still takes a photo within the limit', async () => {
    const res = await putPhoto(await jpegClaiming(1600, 1200))
    expect(res.statusCode).toBe(200)
    expect(res.json().user.profile.profilePhoto).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/)
  })
})
