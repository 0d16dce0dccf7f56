import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMMUTABLE, REVALIDATE, pickEncoding, webAppPlugin } from './web-app'

const JS = `export const answer = ${JSON.stringify('x'.repeat(4000))}\n`
const HTML = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>hi</p>'.repeat(200)}</body></html>`

let dir: string
let app: FastifyInstance

/** A built web app as the build leaves it: files with their .br and .gz copies, and the manifest. */
function writeBuild(root: string) {
  const write = (rel: string, body: string) => {
    const file = path.join(root, rel)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, body)
    fs.writeFileSync(file + '.br', zlib.brotliCompressSync(body))
    fs.writeFileSync(file + '.gz', zlib.gzipSync(body))
  }
  write('index.html', HTML)
  write('assets/app-abc123.js', JS)
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.mkdirSync(path.join(root, '.vite'))
  fs.writeFileSync(path.join(root, '.vite/manifest.json'), '{}')
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'))
  writeBuild(dir)
  app = Fastify()
  await app.register(webAppPlugin, { webDir: dir })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('webAppPlugin', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(res.headers.vary).toMatch(/accept-encoding/)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS)
  })

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS)

    const plain = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(JS)
    expect(plain.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('answers any page path with index.html, compressed, never cached without asking', async () => {
    const res = await app.inject({ url: '/description/42?x=1', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe(REVALIDATE)
    expect(res.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(HTML)

    const plain = await app.inject({ url: '/' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(HTML)
  })

  it('revalidates files that are not hashed, and hides the build manifest', async () => {
    const icon = await app.inject({ url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe(REVALIDATE)
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404)
    const missing = await app.inject({ url: '/assets/nope-123.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ success: false, code: 'not_found' })
  })
})

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and wildcards', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br')
    expect(pickEncoding('br;q=0, gzip', ['br', 'gzip'])).toBe('gzip')
    expect(pickEncoding('*', ['gzip'])).toBe('gzip')
    expect(pickEncoding('identity', ['br', 'gzip'])).toBeUndefined()
    expect(pickEncoding('br', ['gzip'])).toBeUndefined()
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBeUndefined()
  })
})
