import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { SESSION } from '@common/limits'

/** Hashed build output (`assets/name-HASH.js`): its name changes with its content, so it may be kept a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (index.html, favicon): the browser asks again each time, answered 304 while unchanged. */
export const REVALIDATE = 'no-cache'

type Encoding = 'br' | 'gzip'
const EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/** The best of brotli and gzip that `accept-encoding` allows (an explicit `q=0` refuses one), or none. */
export function pickEncoding(header: string | undefined, available: Encoding[]): Encoding | undefined {
  if (!header) return undefined
  const q = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1)
  }
  const allowed = (e: Encoding) => (q.get(e) ?? q.get('*') ?? 0) > 0
  return (['br', 'gzip'] as const).find((e) => available.includes(e) && allowed(e))
}

/**
 * The pages a first visit most often lands on, and the source of their lazy route module (web/src/app/router.tsx).
 * index.html only names the shell's scripts, so the browser would learn of the route's chunk after running the whole
 * shell; the page's index.html names it at once (docs/decisions/024-first-paint.md). A route missing here only loses
 * the hint.
 */
export const ROUTE_MODULES: [RegExp, string][] = [
  [/^\/(jobs)?$/, 'src/app/routes/jobs.tsx'],
  [/^\/description\/[^/]+$/, 'src/app/routes/description.tsx'],
  [/^\/chat$/, 'src/app/routes/chat/index.tsx'],
  [/^\/chat\/[^/]+$/, 'src/app/routes/chat/conversation.tsx'],
  [/^\/search$/, 'src/app/routes/search.tsx'],
  [/^\/explore$/, 'src/app/routes/explore.tsx'],
  [/^\/feed$/, 'src/app/routes/feed.tsx'],
  [/^\/m\/[^/]+$/, 'src/app/routes/profile.tsx'],
  [/^\/login$/, 'src/app/routes/auth/login.tsx'],
  [/^\/signup$/, 'src/app/routes/auth/signup.tsx'],
]

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** The files a chunk needs before it runs: itself and its static imports, depth first. */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const i of manifest[key].imports ?? []) staticClosure(manifest, i, seen)
  return seen
}

/**
 * For each route of ROUTE_MODULES, the `<link rel="modulepreload">` tags for its chunk and the chunks it imports
 * that index.html does not already load, read from the build manifest. Empty when there is no manifest.
 */
export function routePreloads(webDir: string): Map<string, string> {
  const out = new Map<string, string>()
  let manifest: Record<string, ManifestChunk>
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >
  } catch {
    return out
  }
  const shell = staticClosure(manifest, 'index.html')
  // …and what index.html preloads itself: the app the entry starts a frame after the first paint (ADR 029).
  let html = ''
  try {
    html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8')
  } catch {
    // no index.html: nothing preloaded there
  }
  const inHtml = new Set([...html.matchAll(/rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]))
  for (const [, source] of ROUTE_MODULES) {
    if (!manifest[source] || out.has(source)) continue
    const files = [...staticClosure(manifest, source)]
      .filter((k) => !shell.has(k))
      .map((k) => manifest[k].file)
      .filter((f) => !inHtml.has(f))
    out.set(source, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join(''))
  }
  return out
}

/**
 * Pages whose first screen waits on one API answer, and that answer's path (undefined: none for this request): the
 * job browser's first page for a signed-out visitor who opens it without filters (the path the client asks for its
 * default filters, web/src/features/jobs/api/get-jobs.ts), a job's page for a signed-out visitor (its public answer),
 * and the messages page for a signed-in user (their conversation list).
 */
const FIRST_ANSWERS: {
  page: RegExp
  signedIn: boolean
  api: (match: RegExpExecArray, query: string) => string | undefined
}[] = [
  {
    page: /^\/(jobs)?$/,
    signedIn: false,
    api: (_m, query) => (query ? undefined : '/job/get?sort=relevant'),
  },
  {
    page: /^\/description\/([^/]+)$/,
    signedIn: false,
    api: (m) => `/job/${encodeURIComponent(decodeURIComponent(m[1]))}`,
  },
  { page: /^\/chat$/, signedIn: true, api: () => '/chat/conversations' },
]
const hasSessionCookie = (req: FastifyRequest) =>
  new RegExp(`(?:^|;\\s*)${SESSION.cookie}=[^;]`).test(req.headers.cookie ?? '')

/**
 * The first screen's API answer, asked in-process as the visitor would ask it (their address, browser and session
 * cookie, so a job view is counted as the page's own request would count it), written into the page as a JSON data
 * block with the viewer it was answered for; the page reads it instead of asking (web/src/lib/first-answer.ts). A
 * data block is not run, so the CSP's script-src is untouched; every `<` is escaped, so no text in the answer can
 * close the element. Undefined when there is nothing to add (no such page, not found, any failure).
 */
export async function firstAnswer(
  app: FastifyInstance,
  req: FastifyRequest,
  pagePath: string,
): Promise<{ html: string; personal: boolean } | undefined> {
  if (req.method !== 'GET') return undefined
  for (const entry of FIRST_ANSWERS) {
    const match = entry.page.exec(pagePath)
    if (!match) continue
    // Signed in means a session the server knows; any session cookie at all keeps a signed-out answer away.
    if (entry.signedIn ? !req.user : req.user || hasSessionCookie(req)) return undefined
    try {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : ''
      const apiPath = entry.api(match, query)
      if (!apiPath) return undefined
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1${apiPath}`,
        remoteAddress: req.ip,
        headers: {
          accept: 'application/json',
          'user-agent': req.headers['user-agent'] ?? '',
          ...(entry.signedIn && req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        },
      })
      if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json'))
        return undefined
      const viewer = entry.signedIn ? req.user!.id : null
      const block = `{"path":${JSON.stringify(apiPath)},"viewer":${JSON.stringify(viewer)},"answer":${res.body}}`
      return {
        html: `<script type="application/json" id="first-answer">${block.replace(/</g, '\\u003c')}</script>`,
        personal: entry.signedIn,
      }
    } catch {
      return undefined
    }
  }
  return undefined
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

type IndexCopies = { plain: Buffer } & Partial<Record<Encoding, Buffer>>

/**
 * Serves the built web app from `webDir`: files as they are, or the `.br` / `.gz` copy the build wrote beside
 * them when the browser accepts it (docs/decisions/022-web-performance.md), with a year of caching for hashed
 * assets; any other GET that wants a page gets index.html, which the client router takes from there.
 */
export async function webAppPlugin(app: FastifyInstance, opts: { webDir: string }) {
  const assetsDir = path.join(opts.webDir, 'assets') + path.sep
  await app.register(fastifyStatic, {
    root: opts.webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The build manifest (.vite/manifest.json) is for tooling, not for browsers.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE)
    },
  })

  const indexFile = path.join(opts.webDir, 'index.html')
  const index: IndexCopies = { plain: fs.readFileSync(indexFile) }
  for (const e of ['br', 'gzip'] as const) {
    if (fs.existsSync(indexFile + EXTENSION[e])) index[e] = fs.readFileSync(indexFile + EXTENSION[e])
  }
  const available = (['br', 'gzip'] as const).filter((e) => index[e])
  // One index.html per route with its preload tags, compressed once here (a few small files, at start-up).
  const perRoute = new Map<string, IndexCopies>()
  const html = index.plain.toString('utf8')
  for (const [source, tags] of routePreloads(opts.webDir)) {
    if (!tags || !html.includes('</head>')) continue
    const plain = Buffer.from(html.replace('</head>', `${tags}\n  </head>`))
    perRoute.set(source, {
      plain,
      br: index.br && zlib.brotliCompressSync(plain),
      gzip: index.gzip && zlib.gzipSync(plain, { level: 9 }),
    })
  }
  const indexFor = (p: string): IndexCopies => {
    const route = ROUTE_MODULES.find(([re]) => re.test(p))
    return (route && perRoute.get(route[1])) ?? index
  }

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const p = req.url.split('?')[0]
    if (p.startsWith('/api/') || p.startsWith('/uploads/') || path.extname(p)) {
      return reply.status(404).send({ success: false, message: `No route GET ${p}`, code: 'not_found' })
    }
    const encoding = pickEncoding(req.headers['accept-encoding'], available)
    const page = indexFor(p)
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
    const data = await firstAnswer(app, req, p)
    if (data) {
      // One person's answer is for their browser only; a page with data is compressed per request (a few KB).
      if (data.personal) reply.header('cache-control', `private, ${REVALIDATE}`)
      const html = Buffer.from(page.plain.toString('utf8').replace('</body>', `${data.html}\n  </body>`))
      if (encoding === 'br')
        return reply
          .header('content-encoding', 'br')
          .send(await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }))
      if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzip(html))
      return reply.send(html)
    }
    const compressed = encoding && page[encoding]
    if (compressed) return reply.header('content-encoding', encoding).send(compressed)
    return reply.send(page.plain)
  })
}
