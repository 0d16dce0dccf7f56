// What a first visit downloads, read from a finished `vite build` (its manifest and index.html). Node only: used by
// the budget test and by `npm run bench:web`, never by the app.
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What a first visit downloads before its first screen, gzipped, in bytes (KB counted as 1000 bytes): the JavaScript
 * index.html loads or preloads, plus what `languageReady` fetches before the root route renders — the visitor's
 * language's core catalogue and the ICU formatter (web/src/i18n/index.ts). Issue 26: "within 145 KB gzipped with the
 * language catalogues"; checked for the bigger of the languages.
 */
export const FIRST_LOAD_BUDGET = 145_000

/** The lazy modules `languageReady` waits for besides the language's core catalogue (manifest keys). */
export const FIRST_LOAD_LAZY = ['src/i18n/icu.ts']
/** The manifest key of a language's core catalogue (web/tooling/icu-catalogues.ts). */
const coreKey = /^(?:\.\.\/)?virtual:i18n\/([a-z]{2}-[A-Z]{2})\/core$/

/** One entry of `.vite/manifest.json` (the fields read here). */
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface AssetSize {
  file: string
  raw: number
  gzip: number
}

export interface RouteChunk {
  /** Source of the lazy module, e.g. `src/app/routes/jobs.tsx`. */
  src: string
  file: string
  gzip: number
  /** The route chunk plus the shared chunks it needs that the first load did not bring, gzipped. */
  gzipWithDeps: number
}

/** A first visit in one language: the initial JavaScript plus its core catalogue and the formatter. */
export interface FirstVisit {
  language: string
  /** Files beyond the initial JavaScript (the core catalogue, the formatter and what they import). */
  extra: AssetSize[]
  /** Initial JavaScript plus `extra`, gzipped. */
  gzip: number
}

export interface BundleReport {
  initialJs: AssetSize[]
  /** One per catalogued language, the biggest first. */
  firstVisit: FirstVisit[]
  initialCss: AssetSize[]
  initialJsGzip: number
  initialCssGzip: number
  routes: RouteChunk[]
  /** Every other lazy chunk (menus, dialogs, the realtime layer). */
  otherLazy: RouteChunk[]
  totalJsGzip: number
}

function size(outDir: string, file: string): AssetSize {
  const buf = fs.readFileSync(path.join(outDir, file))
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length }
}

/** Manifest keys reachable from `key` through static imports. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [...keys]
  while (stack.length) {
    const k = stack.pop()!
    if (seen.has(k)) continue
    seen.add(k)
    stack.push(...(manifest[k]?.imports ?? []))
  }
  return seen
}

/** The files index.html itself loads: module scripts, modulepreloads and stylesheets. */
export function htmlAssets(outDir: string): { js: string[]; css: string[] } {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
  const js: string[] = []
  const css: string[] = []
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && /type="module"/.test(tag)) {
      const src = attr(tag, 'src')
      if (src) js.push(src.replace(/^\//, ''))
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, 'href')
      if (href) js.push(href.replace(/^\//, ''))
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, 'href')
      if (href) css.push(href.replace(/^\//, ''))
    }
  }
  return { js, css }
}

/**
 * Sizes of a build in `outDir` (built with `build.manifest`). The initial set is everything index.html loads or
 * preloads plus the entry's static imports (the two agree for a Vite build; the union guards against either
 * missing something).
 */
export function analyseBuild(outDir: string): BundleReport {
  const manifestPath = path.join(outDir, '.vite', 'manifest.json')
  if (!fs.existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build with build.manifest on`)
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry)
  if (!entries.length) throw new Error('the manifest names no entry chunk')

  const initialKeys = staticClosure(manifest, entries)
  const html = htmlAssets(outDir)
  const jsFiles = new Set([...[...initialKeys].map((k) => manifest[k].file), ...html.js])
  const cssFiles = new Set([...[...initialKeys].flatMap((k) => manifest[k].css ?? []), ...html.css])
  const initialJs = [...jsFiles].map((f) => size(outDir, f)).sort((a, b) => b.gzip - a.gzip)
  const initialCss = [...cssFiles].map((f) => size(outDir, f))

  const sizes = new Map<string, number>()
  const gz = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, size(outDir, file).gzip)
    return sizes.get(file)!
  }
  const lazy = Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && !jsFiles.has(manifest[k].file))
    .map((k): RouteChunk => {
      const extra = [...staticClosure(manifest, [k])]
        .map((d) => manifest[d].file)
        .filter((f) => !jsFiles.has(f) && f.endsWith('.js'))
      return {
        src: manifest[k].src ?? k,
        file: manifest[k].file,
        gzip: gz(manifest[k].file),
        gzipWithDeps: extra.reduce((sum, f) => sum + gz(f), 0),
      }
    })
    .sort((a, b) => a.src.localeCompare(b.src))

  const lazyFirst = FIRST_LOAD_LAZY.map((k) => {
    if (!manifest[k]) throw new Error(`${k} is not in the manifest: update FIRST_LOAD_LAZY`)
    return k
  })
  const initialJsGzip = initialJs.reduce((s, a) => s + a.gzip, 0)
  const firstVisit = Object.keys(manifest)
    .map((k) => ({ k, language: coreKey.exec(k)?.[1] }))
    .filter((c): c is { k: string; language: string } => !!c.language)
    .map(({ k, language }): FirstVisit => {
      const files = new Set(
        [...staticClosure(manifest, [k, ...lazyFirst])]
          .map((d) => manifest[d].file)
          .filter((f) => !jsFiles.has(f) && f.endsWith('.js')),
      )
      const extra = [...files].map((f) => size(outDir, f)).sort((a, b) => b.gzip - a.gzip)
      return { language, extra, gzip: initialJsGzip + extra.reduce((s, a) => s + a.gzip, 0) }
    })
    .sort((a, b) => b.gzip - a.gzip)
  if (!firstVisit.length) throw new Error('the manifest names no core catalogue')

  const allJs = fs.readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
  return {
    initialJs,
    firstVisit,
    initialCss,
    initialJsGzip,
    initialCssGzip: initialCss.reduce((s, a) => s + a.gzip, 0),
    routes: lazy.filter((r) => r.src.includes('/app/routes/')),
    otherLazy: lazy.filter((r) => !r.src.includes('/app/routes/')),
    totalJsGzip: allJs.reduce((s, f) => s + gz(`assets/${f}`), 0),
  }
}

/** Bytes as kB (1000 bytes) with one decimal, as Vite prints them. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
