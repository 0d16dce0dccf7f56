import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { SESSION } from '../../common/limits'

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
  for (const [, source] of ROUTE_MODULES) {
    if (!manifest[source] || out.has(source)) continue
    const files = [...staticClosure(manifest, source)]
      .filter((k) => !shell.has(k))
      .map((k) => manifest[k].file)
    out.set(source, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join(''))
  }
  return out
}

const JOB_PAGE = /^\/description\/([^/]+)$/
const signedIn = (req: FastifyRequest) =>
  new RegExp(`(?:^|;\\s*)${SESSION.cookie}=[^;]`).test(req.headers.cookie ?? '')

/**
 * The first screen's API answer, for a signed-out visitor of a job's page: GET /api/v1/job/:id answered in-process
 * for the same visitor (address and browser, so the view is counted as the page's own request would count it), and
 * written into the page as a JSON data block, which the page reads instead of asking (web/src/lib/first-answer.ts).
 * A data block is not run, so the CSP's script-src is untouched; every `<` is escaped, so no text in the answer can
 * close the element. Undefined when there is nothing to add (signed in, not found, any failure).
 */
export async function firstAnswer(
  app: FastifyInstance,
  req: FastifyRequest,
  pagePath: string,
): Promise<string | undefined> {
  const match = JOB_PAGE.exec(pagePath)
  if (!match || req.method !== 'GET' || signedIn(req)) return undefined
  let id: string
  try {
    id = decodeURIComponent(match[1])
  } catch {
    return undefined
  }
  const apiPath = `/job/${encodeURIComponent(id)}`
  try {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1${apiPath}`,
      remoteAddress: req.ip,
      headers: { accept: 'application/json', 'user-agent': req.headers['user-agent'] ?? '' },
    })
    if (res.statusCode !== 200 || !res.headers['content-type']?.toString().startsWith('application/json'))
      return undefined
    const block = `{"path":${JSON.stringify(apiPath)},"answer":${res.body}}`.replace(/</g, '\\u003c')
    return `<script type="application/json" id="first-answer">${block}</script>`
  } catch {
    return undefined
  }
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
      // A page with its data is compressed per request, quickly (a few KB).
      const html = Buffer.from(page.plain.toString('utf8').replace('</body>', `${data}\n  </body>`))
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
