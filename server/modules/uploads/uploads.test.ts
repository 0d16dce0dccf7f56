import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { sweepUnclaimed } from './media.service'
import { removeStaleIncoming } from '../posts/media-sweeper'
import { media, multipartFiles } from './test-media'

let ctx: TestCtx
let asha: Session
let ravi: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const uploadsDir = () => path.join(ctx.dataDir, 'uploads')
const count = async () =>
  Number(((await ctx.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0] as any).n)
const files = () => fs.readdirSync(uploadsDir()).length
const upload = (s: Session | null, list: Parameters<typeof multipartFiles>[0], csrf = true) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/uploads', csrf, ...multipartFiles(list) })

describe('POST /api/v1/uploads', () => {
  it('401 without a session, and nothing is kept', async () => {
    const before = [await count(), files()]
    const res = await upload(null, [{ name: 'a.png', type: 'image/png', data: await media.png() }])
    expect(res.statusCode).toBe(401)
    expect([await count(), files()]).toEqual(before)
  })

  it('403 without the CSRF header on a cookie session', async () => {
    const res = await upload(asha, [{ name: 'a.png', type: 'image/png', data: await media.png() }], false)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('csrf_failed')
  })

  it('takes each allowed type, checked by its bytes; images re-encoded with a display size and a thumbnail', async () => {
    const res = await upload(asha, [
      { name: 'photo.jpg', type: 'image/jpeg', data: await media.jpegWithExif() },
      { name: 'shot.png', type: 'image/png', data: await media.png() },
      { name: 'x.webp', type: 'image/webp', data: await media.webp() },
      { name: 'loop.gif', type: 'image/gif', data: await media.animatedGif() },
      { name: 'clip.mp4', type: 'video/mp4', data: media.mp4() },
      { name: 'clip.webm', type: 'video/webm', data: media.webm() },
    ])
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(body.media.map((m: any) => m.type)).toEqual(['image', 'image', 'image', 'image', 'video', 'video'])
    for (const m of body.media) expect(m.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.(webp|mp4|webm)$/)

    // The big JPEG: at most 1280 px, WebP, and its EXIF gone.
    const jpeg = body.media[0]
    expect([jpeg.width, jpeg.height]).toEqual([1280, 960])
    const served = await ctx.app.inject({ method: 'GET', url: jpeg.url })
    expect(served.headers['content-type']).toBe('image/webp')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.width).toBe(1280)
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false)
    const thumb = await ctx.app.inject({ method: 'GET', url: jpeg.thumbnailUrl })
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320)

    // The animated GIF stays animated.
    const gif = await ctx.app.inject({ method: 'GET', url: body.media[3].url })
    expect((await sharp(gif.rawPayload, { animated: true }).metadata()).pages).toBe(2)

    // Videos are kept as sent and served with byte ranges for seeking.
    const mp4 = await ctx.app.inject({
      method: 'GET',
      url: body.media[4].url,
      headers: { range: 'bytes=0-7' },
    })
    expect(mp4.statusCode).toBe(206)
    expect(mp4.headers['content-type']).toBe('video/mp4')
    expect(mp4.rawPayload.subarray(4, 8).toString()).toBe('ftyp')
  })

  describe('refuses with nothing kept', () => {
    const refused = async (list: Parameters<typeof multipartFiles>[0], status: number, message: RegExp) => {
      const before = [await count(), files()]
      const res = await upload(asha, list)
      expect(res.statusCode).toBe(status)
      expect(res.json().success).toBe(false)
      expect(res.json().message).toMatch(message)
      expect([await count(), files()]).toEqual(before)
    }
    it('a .jpg that is a PDF', () =>
      refused(
        [{ name: 'cv.jpg', type: 'image/jpeg', data: media.pdf() }],
        415,
        /“cv.jpg” is not a supported photo or video/,
      ))
    it('an SVG with a script', () =>
      refused(
        [{ name: 'x.svg', type: 'image/svg+xml', data: media.svgWithScript() }],
        415,
        /not a supported/,
      ))
    it('an SVG named .png', () =>
      refused([{ name: 'x.png', type: 'image/png', data: media.svgWithScript() }], 415, /not a supported/))
    it('an image over 10 MB', async () => {
      const big = Buffer.concat([await media.png(), Buffer.alloc(10 * 1024 * 1024)])
      await refused([{ name: 'big.png', type: 'image/png', data: big }], 413, /larger than 10 MB/)
    })
    it('a file over 50 MB', () =>
      refused([{ name: 'long.mp4', type: 'video/mp4', data: media.mp4(50 * 1024 * 1024) }], 413, /too large/))
    it('a truncated MP4', () =>
      refused(
        [{ name: 'cut.mp4', type: 'video/mp4', data: media.mp4().subarray(0, 60) }],
        415,
        /not a complete MP4/,
      ))
    it('an image whose bytes are corrupt', async () => {
      const png = await media.png()
      const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)])
      await refused([{ name: 'broken.png', type: 'image/png', data: broken }], 415, /could not be read/)
    })
    it('a good file beside a bad one', async () =>
      refused(
        [
          { name: 'ok.png', type: 'image/png', data: await media.png() },
          { name: 'bad.jpg', type: 'image/jpeg', data: media.pdf() },
        ],
        415,
        /bad.jpg/,
      ))
    it('more than 10 files', async () => {
      const png = await media.png()
      await refused(
        Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data: png })),
        400,
        /At most 10 files/,
      )
    })
    it('an empty form', async () => refused([], 400, /Choose at least one/))
  })
})

describe('the unclaimed-media sweeper', () => {
  it('removes post media nobody claimed within a day, files included; keeps newer ones and profile files', async () => {
    const res = await upload(ravi, [{ name: 'a.png', type: 'image/png', data: await media.png() }])
    const fresh = await upload(ravi, [{ name: 'b.png', type: 'image/png', data: await media.png() }])
    const oldUrl = res.json().media[0].url as string
    const oldThumb = res.json().media[0].thumbnailUrl as string
    const oldName = oldUrl.split('/').pop()!
    await ctx.database.db.execute(
      sql`update uploads set created_at = now() - interval '25 hours' where file_name = ${oldName}`,
    )
    const swept = await sweepUnclaimed(ctx.app.db, uploadsDir())
    expect(swept).toBeGreaterThanOrEqual(1)
    await new Promise((r) => setImmediate(r))
    expect((await ctx.app.inject({ method: 'GET', url: oldUrl })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: oldThumb })).statusCode).toBe(404)
    expect(fs.existsSync(path.join(uploadsDir(), oldName))).toBe(false)
    expect(fs.existsSync(path.join(uploadsDir(), oldThumb.split('/').pop()!))).toBe(false)
    expect((await ctx.app.inject({ method: 'GET', url: fresh.json().media[0].url })).statusCode).toBe(200)
  })

  it('shares the work between concurrent sweeps and never takes a claimed upload', async () => {
    const list = await upload(ravi, [
      { name: 'a.png', type: 'image/png', data: await media.png() },
      { name: 'b.png', type: 'image/png', data: await media.png() },
      { name: 'c.png', type: 'image/png', data: await media.png() },
    ])
    const [claimed, ...loose] = list.json().media as { url: string }[]
    const post = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/posts/create',
      payload: { content: '', media: [{ url: claimed.url, type: 'image' }], visibility: 'public' },
    })
    expect(post.statusCode).toBe(201)
    // Only these three (and their thumbnails) age past the day.
    for (const m of [claimed, ...loose])
      await ctx.database.db.execute(
        sql`update uploads set created_at = now() - interval '2 days' where file_name = ${m.url.split('/').pop()!}`,
      )
    const [a, b] = await Promise.all([
      sweepUnclaimed(ctx.app.db, uploadsDir(), undefined, 1),
      sweepUnclaimed(ctx.app.db, uploadsDir(), undefined, 1),
    ])
    const rest = await sweepUnclaimed(ctx.app.db, uploadsDir())
    expect(a + b).toBe(2)
    expect(rest).toBe(0)
    await new Promise((r) => setImmediate(r))
    for (const m of loose) expect((await ctx.app.inject({ method: 'GET', url: m.url })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'GET', url: claimed.url })).statusCode).toBe(200)
  })

  it('also clears temporary files an interrupted upload left behind', async () => {
    const stale = path.join(uploadsDir(), '.incoming-stale')
    const fresh = path.join(uploadsDir(), '.incoming-fresh')
    fs.writeFileSync(stale, 'x')
    fs.writeFileSync(fresh, 'x')
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000)
    fs.utimesSync(stale, old, old)
    expect(await removeStaleIncoming(uploadsDir(), 24 * 60 * 60 * 1000)).toBe(1)
    expect([fs.existsSync(stale), fs.existsSync(fresh)]).toEqual([false, true])
    fs.rmSync(fresh)
  })
})
