import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'

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
  const index: { plain: Buffer } & Partial<Record<Encoding, Buffer>> = { plain: fs.readFileSync(indexFile) }
  for (const e of ['br', 'gzip'] as const) {
    if (fs.existsSync(indexFile + EXTENSION[e])) index[e] = fs.readFileSync(indexFile + EXTENSION[e])
  }
  const available = (['br', 'gzip'] as const).filter((e) => index[e])

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const p = req.url.split('?')[0]
    if (p.startsWith('/api/') || p.startsWith('/uploads/') || path.extname(p)) {
      return reply.status(404).send({ success: false, message: `No route GET ${p}`, code: 'not_found' })
    }
    const encoding = pickEncoding(req.headers['accept-encoding'], available)
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
    if (encoding) return reply.header('content-encoding', encoding).send(index[encoding])
    return reply.send(index.plain)
  })
}
