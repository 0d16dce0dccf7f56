import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { media } from '../uploads/test-media'

/* A post's link preview end to end: fetched, its image re-encoded and stored as ours, removed with the post. */
let ctx: TestCtx
let asha: Session
let server: http.Server
let base: string
beforeAll(async () => {
  const og = await media.jpegWithExif(800, 400)
  server = http.createServer((req, res) => {
    if (req.url === '/work')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<head><meta property="og:title" content="Asha’s logo work"><meta property="og:description" content="Brand kits">' +
            '<meta property="og:image" content="/og.jpg"></head>',
        )
    if (req.url === '/og.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(og)
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // This app may reach the local page server only; everything else keeps the real policy's refusal.
  ctx = await createTestApp({}, { linkPreview: { isAllowed: (ip) => ip === '127.0.0.1' } })
  asha = await signUp(ctx, { fullname: 'Asha Iyer' })
})
afterAll(async () => {
  await ctx?.close()
  await new Promise((r) => server.close(r))
})

describe('a post with a link', () => {
  it('carries the page’s preview with the image stored here (re-encoded, no EXIF); delete removes it', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/posts/create',
      payload: { content: 'New work', media: [], link: `${base}/work`, visibility: 'public' },
    })
    expect(res.statusCode).toBe(201)
    const preview = res.json().post.linkPreview
    expect(preview).toMatchObject({
      url: `${base}/work`,
      title: 'Asha’s logo work',
      description: 'Brand kits',
    })
    expect(preview.image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/)
    const img = await ctx.app.inject({ method: 'GET', url: preview.image })
    expect(img.statusCode).toBe(200)
    const meta = await sharp(img.rawPayload).metadata()
    expect([meta.format, meta.width, meta.exif]).toEqual(['webp', 640, undefined])

    await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/posts/${res.json().post._id}` })
    await new Promise((r) => setImmediate(r))
    expect((await ctx.app.inject({ method: 'GET', url: preview.image })).statusCode).toBe(404)
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', preview.image.split('/').pop()))).toBe(false)
  })
})
