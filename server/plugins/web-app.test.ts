import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMMUTABLE, REVALIDATE, pickEncoding, routePreloads, webAppPlugin } from './web-app'
import { SESSION } from '@common/limits'

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

describe('route preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell-1.js'] },
    '_shell-1.js': { file: 'assets/shell-1.js', imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_detail-1.js': { file: 'assets/detail-1.js', imports: ['_react-1.js', '_toast-1.js'] },
    '_toast-1.js': { file: 'assets/toast-1.js' },
    'src/app/routes/jobs.tsx': { file: 'assets/jobs-1.js', imports: ['_shell-1.js', '_detail-1.js'] },
    'src/app/routes/description.tsx': { file: 'assets/description-1.js', imports: ['_detail-1.js'] },
    'src/app/routes/chat/index.tsx': { file: 'assets/chat-1.js', imports: ['_react-1.js'] },
  }
  let built: string
  let web: FastifyInstance
  beforeAll(async () => {
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-routes-'))
    writeBuild(built)
    fs.writeFileSync(path.join(built, '.vite/manifest.json'), JSON.stringify(manifest))
    web = Fastify()
    await web.register(webAppPlugin, { webDir: built })
    await web.ready()
  })
  afterAll(async () => {
    await web.close()
    fs.rmSync(built, { recursive: true, force: true })
  })

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])

  it("names a route's chunk and the chunks it imports that index.html does not already load", () => {
    const tags = routePreloads(built)
    expect(preloads(tags.get('src/app/routes/jobs.tsx')!)).toEqual([
      '/assets/jobs-1.js',
      '/assets/detail-1.js',
      '/assets/toast-1.js',
    ])
    expect(preloads(tags.get('src/app/routes/chat/index.tsx')!)).toEqual(['/assets/chat-1.js'])
  })

  it("sends each page its route's preloads in the head, compressed like index.html", async () => {
    const home = await web.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
    const html = zlib.brotliDecompressSync(home.rawPayload).toString()
    expect(preloads(html)).toEqual(['/assets/jobs-1.js', '/assets/detail-1.js', '/assets/toast-1.js'])
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'))

    const job = await web.inject({ url: '/description/abc?x=1', headers: { 'accept-encoding': 'gzip' } })
    expect(job.headers['content-encoding']).toBe('gzip')
    expect(preloads(zlib.gunzipSync(job.rawPayload).toString())).toEqual([
      '/assets/description-1.js',
      '/assets/detail-1.js',
      '/assets/toast-1.js',
    ])
    expect(preloads((await web.inject({ url: '/chat' })).body)).toEqual(['/assets/chat-1.js'])
    // A page without an entry, or a path that only looks like one, gets index.html as built.
    expect((await web.inject({ url: '/earnings' })).body).toBe(HTML)
    expect((await web.inject({ url: '/description/a/b' })).body).toBe(HTML)
  })

  it('serves index.html as built when the manifest is missing or unreadable', () => {
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), 'not json')
    expect(routePreloads(dir).size).toBe(0)
    expect(routePreloads(path.join(dir, 'nowhere')).size).toBe(0)
  })
})

describe('pages that arrive with their first answer', () => {
  const HOSTILE = 'Great job </script><script>alert(1)</script> <!-- \u2028 & "quotes"'
  let built: string
  let web: FastifyInstance
  const seen: { ip: string; agent?: string }[] = []
  beforeAll(async () => {
    built = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-data-'))
    writeBuild(built)
    web = Fastify()
    // As the auth plugin does: a known session cookie makes the request a user's.
    web.decorateRequest('user', null)
    web.addHook('onRequest', async (req) => {
      if (/token=good/.test(req.headers.cookie ?? '')) req.user = { id: 'u1' } as never
    })
    web.get('/api/v1/chat/conversations', async (req, reply) => {
      seen.push({ ip: req.ip, agent: req.headers['user-agent'] })
      if (!req.user) return reply.status(401).send({ success: false })
      return { success: true, data: { conversations: [{ lastMessage: { content: HOSTILE } }] } }
    })
    web.get('/api/v1/job/get', async (req) => {
      seen.push({ ip: req.ip, agent: req.headers['user-agent'] })
      return {
        success: true,
        data: { jobs: [{ _id: 'j1', title: HOSTILE }], nextCursor: null },
        query: req.query,
      }
    })
    web.get('/api/v1/job/:id', async (req, reply) => {
      const { id } = req.params as { id: string }
      seen.push({ ip: req.ip, agent: req.headers['user-agent'] })
      if (id === 'missing') return reply.status(404).send({ success: false, code: 'not_found' })
      if (id === 'boom') throw new Error('database down')
      return { success: true, job: { _id: id, title: HOSTILE } }
    })
    await web.register(webAppPlugin, { webDir: built })
    await web.ready()
  })
  afterAll(async () => {
    await web.close()
    fs.rmSync(built, { recursive: true, force: true })
  })

  const block = (html: string) =>
    /<script type="application\/json" id="first-answer">([^<]*)<\/script>/.exec(html)?.[1]

  it("carries the job's API answer as a data block no text in it can break out of", async () => {
    seen.length = 0
    const res = await web.inject({
      url: '/description/a%2Fb%20c',
      remoteAddress: '203.0.113.9',
      headers: { 'accept-encoding': 'br', 'user-agent': 'phone' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    const html = zlib.brotliDecompressSync(res.rawPayload).toString()
    // The block is the only script besides the app's own, and nothing in the answer closed it.
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html).not.toContain('alert(1)</script>')
    expect(JSON.parse(block(html)!)).toEqual({
      path: '/job/a%2Fb%20c',
      viewer: null,
      answer: { success: true, job: { _id: 'a/b c', title: HOSTILE } },
    })
    // Asked as the visitor: their address and browser, so the view counts as theirs.
    expect(seen).toEqual([{ ip: '203.0.113.9', agent: 'phone' }])
    const gz = await web.inject({ url: '/description/x', headers: { 'accept-encoding': 'gzip' } })
    expect(JSON.parse(block(zlib.gunzipSync(gz.rawPayload).toString())!).answer.job._id).toBe('x')
    expect(block((await web.inject({ url: '/description/x' })).body)).toBeDefined()
  })

  it('is index.html as built for a signed-in visitor, a missing job, a failure, or any other page', async () => {
    seen.length = 0
    const signedIn = await web.inject({
      url: '/description/x',
      headers: { cookie: `a=1; ${SESSION.cookie}=abc` },
    })
    expect(signedIn.body).toBe(HTML)
    expect(seen).toEqual([])
    expect((await web.inject({ url: '/description/missing' })).body).toBe(HTML)
    expect((await web.inject({ url: '/description/boom' })).body).toBe(HTML)
    expect((await web.inject({ url: '/description/%E0%A4%A' })).statusCode).toBe(400)
    expect((await web.inject({ url: '/search' })).body).toBe(HTML)
    expect((await web.inject({ method: 'HEAD', url: '/description/x' })).statusCode).toBe(200)
  })

  it("carries the job browser's first page for a signed-out visitor who opens it without filters", async () => {
    seen.length = 0
    for (const url of ['/', '/jobs']) {
      const res = await web.inject({ url, remoteAddress: '203.0.113.9', headers: { 'user-agent': 'phone' } })
      expect(res.headers['cache-control']).toBe(REVALIDATE)
      expect(res.body).not.toContain('alert(1)</script>')
      expect(JSON.parse(block(res.body)!)).toEqual({
        path: '/job/get?sort=relevant',
        viewer: null,
        answer: {
          success: true,
          data: { jobs: [{ _id: 'j1', title: HOSTILE }], nextCursor: null },
          query: { sort: 'relevant' },
        },
      })
    }
    expect(seen).toEqual([
      { ip: '203.0.113.9', agent: 'phone' },
      { ip: '203.0.113.9', agent: 'phone' },
    ])
    // Filters in the address, or a session: the page as built, and the client asks.
    seen.length = 0
    expect((await web.inject({ url: '/?sort=newest' })).body).toBe(HTML)
    expect((await web.inject({ url: '/jobs?category=Design' })).body).toBe(HTML)
    expect((await web.inject({ url: '/', headers: { cookie: `${SESSION.cookie}=good` } })).body).toBe(HTML)
    expect(seen).toEqual([])
  })

  it("carries a signed-in reader's conversation list on /chat, for their browser only", async () => {
    const res = await web.inject({ url: '/chat', headers: { cookie: `${SESSION.cookie}=good` } })
    expect(res.headers['cache-control']).toBe(`private, ${REVALIDATE}`)
    expect(res.body).not.toContain('alert(1)</script>')
    expect(JSON.parse(block(res.body)!)).toEqual({
      path: '/chat/conversations',
      viewer: 'u1',
      answer: { success: true, data: { conversations: [{ lastMessage: { content: HOSTILE } }] } },
    })
    // Nobody signed in, or a session the server does not know: the page as built.
    const stale = await web.inject({ url: '/chat', headers: { cookie: `${SESSION.cookie}=old` } })
    expect(stale.body).toBe(HTML)
    expect(stale.headers['cache-control']).toBe(REVALIDATE)
    expect((await web.inject({ url: '/chat' })).body).toBe(HTML)
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
