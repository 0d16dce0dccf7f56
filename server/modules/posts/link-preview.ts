import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch'

export interface FetchedPreview {
  url: string
  title: string | null
  description: string | null
  siteName: string | null
  /** The page's image, fetched under the same limits; the caller re-encodes and stores it. */
  imageBytes: Buffer | null
}

export interface PreviewOptions {
  timeoutMs?: number
  isAllowed?: SafeFetchOptions['isAllowed']
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&([a-z]+);/gi, (m, n) => ENTITIES[n.toLowerCase()] ?? m)
const clean = (s: string | undefined, max: number) => {
  if (!s) return null
  const t = decode(s).replace(/\s+/g, ' ').trim()
  return t ? t.slice(0, max) : null
}

/** Reads title, description, image and site name from a page's meta tags (Open Graph first, then plain HTML). */
export function parsePreview(html: string): {
  title: string | null
  description: string | null
  image: string | null
  siteName: string | null
} {
  const meta: Record<string, string> = {}
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
    const key = attr('property') ?? attr('name')
    const content = attr('content')
    if (!key || !content) continue
    const k = (key[1] ?? key[2] ?? key[3]).toLowerCase()
    meta[k] ??= content[1] ?? content[2] ?? content[3]
  }
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]
  return {
    title: clean(meta['og:title'] ?? meta['twitter:title'] ?? title, 200),
    description: clean(meta['og:description'] ?? meta['twitter:description'] ?? meta.description, 400),
    image: clean(meta['og:image'] ?? meta['og:image:url'] ?? meta['twitter:image'], 2048),
    siteName: clean(meta['og:site_name'], 100),
  }
}

/**
 * Fetches a link's preview with strict limits (ADR 016): 4 s in all, 512 KB of HTML, 2 MB of image, public
 * addresses only, three redirects. Returns null when anything fails — the post then shows the bare link.
 */
export async function fetchLinkPreview(
  link: string,
  opts: PreviewOptions = {},
): Promise<FetchedPreview | null> {
  const started = Date.now()
  const budget = opts.timeoutMs ?? 4000
  try {
    const page = await safeFetch(link, {
      timeoutMs: budget,
      maxBytes: 512 * 1024,
      maxRedirects: 3,
      accept: ['text/html', 'application/xhtml+xml'],
      isAllowed: opts.isAllowed,
      truncate: true,
    })
    const parsed = parsePreview(page.body.toString('utf8'))
    let imageBytes: Buffer | null = null
    const left = budget - (Date.now() - started)
    if (parsed.image && left > 200) {
      try {
        const imageUrl = new URL(parsed.image, page.url).toString()
        imageBytes = (
          await safeFetch(imageUrl, {
            timeoutMs: left,
            maxBytes: 2 * 1024 * 1024,
            maxRedirects: 3,
            accept: ['image/'],
            isAllowed: opts.isAllowed,
          })
        ).body
      } catch {
        imageBytes = null
      }
    }
    if (!parsed.title && !parsed.description && !imageBytes) return null
    return {
      url: page.url,
      title: parsed.title,
      description: parsed.description,
      siteName: parsed.siteName,
      imageBytes,
    }
  } catch (e) {
    if (e instanceof FetchRefused) return null
    return null
  }
}
