// Builds the web app for real (into a temporary directory) and checks what a first visit downloads. Sizes, not
// timings: the same source always gives the same bytes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_BYTES } from './precompress'
import { shellClasses, shellMarkup } from './shell-css'
import {
  FIRST_LOAD_BUDGET,
  FIRST_LOAD_LAZY,
  analyseBuild,
  htmlAssets,
  kb,
  type BundleReport,
} from './bundle-size'

const root = path.resolve(import.meta.dirname, '../..')
let outDir: string
let report: BundleReport

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-budget-'))
  // Vitest sets NODE_ENV=test, which would give React's development build; measure what `vite build` ships.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  report = analyseBuild(outDir)
}, 300_000)
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }))

describe('web bundle', () => {
  it(`first visit, in either language, stays within ${kb(FIRST_LOAD_BUDGET)} gzipped with its catalogue and formatter`, () => {
    // Issue 26: the first download with the language catalogues (the other language loads on demand).
    expect(report.firstVisit.map((v) => v.language).sort()).toEqual(['en-IN', 'hi-IN'])
    const initial = report.initialJs.map((a) => `${a.file} ${kb(a.gzip)}`).join(', ')
    for (const v of report.firstVisit) {
      const extra = v.extra.map((a) => `${a.file} ${kb(a.gzip)}`).join(', ')
      expect(
        v.gzip,
        `${v.language}: ${kb(v.gzip)} = initial JS ${initial}; then ${extra}`,
      ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET)
      // The catalogue and the formatter are real downloads, not already in the initial JavaScript.
      expect(v.extra.length).toBeGreaterThan(0)
    }
    // What was measured is what index.html really loads.
    const html = htmlAssets(outDir)
    expect(html.js.length).toBeGreaterThan(0)
    for (const f of html.js) expect(report.initialJs.map((a) => a.file)).toContain(f)
  })

  it('counts everything the language loader fetches before the first screen', () => {
    // The initial chunk that imports the core catalogues (web/src/i18n/index.ts) fetches nothing else but what
    // FIRST_LOAD_LAZY names: a new module there must be counted too.
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; dynamicImports?: string[] }
    >
    const initial = new Set(report.initialJs.map((a) => a.file))
    const isCore = (k: string) => /virtual:i18n\/[a-z]{2}-[A-Z]{2}\/core$/.test(k)
    const loaders = Object.values(manifest).filter(
      (c) => initial.has(c.file) && (c.dynamicImports ?? []).some(isCore),
    )
    expect(loaders).toHaveLength(1)
    const fetched = loaders[0].dynamicImports!.filter((k) => !isCore(k))
    expect(fetched.sort()).toEqual([...FIRST_LOAD_LAZY].sort())
  })

  it('index.html preloads the app the entry starts after the first paint, and the entry itself is tiny', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; imports?: string[] }
    >
    const start = Object.entries(manifest).find(([, c]) => c.name === 'start')
    expect(start, 'a chunk named start').toBeDefined()
    const closure = new Set<string>()
    const visit = (k: string) => {
      if (closure.has(k) || !manifest[k]) return
      closure.add(k)
      for (const i of manifest[k].imports ?? []) visit(i)
    }
    visit(start![0])
    const preloaded = htmlAssets(outDir).js
    for (const k of closure)
      expect(preloaded, `${manifest[k].file} is not preloaded`).toContain(manifest[k].file)
    // The entry's own code (what runs before the paint) is a few hundred bytes, the app is the rest.
    const entry = report.initialJs.find((a) => a.file === manifest['index.html'].file)
    expect(entry!.raw).toBeLessThan(1024)
  })

  it('loads every route lazily, none in the first download', () => {
    const routeFiles = fs
      .readdirSync(path.join(root, 'web/src/app/routes'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx') && !/route-error|chat-shell/.test(f))
      .map((f) => `src/app/routes/${f.split(path.sep).join('/')}`)
    expect(routeFiles.length).toBeGreaterThan(10)
    const lazy = report.routes.map((r) => r.src)
    for (const f of routeFiles) expect(lazy, `${f} is not a lazy chunk`).toContain(f)
    const initial = new Set(report.initialJs.map((a) => a.file))
    for (const r of report.routes)
      expect(initial.has(r.file), `${r.src} is in the first download`).toBe(false)
  })

  it('the job browser at / brings the job detail only where it shows it (wide screens)', () => {
    // A phone's / shows the list alone; the detail panel's code (apply dialog, form schemas: ~60 KB gzipped) loads
    // lazily beside the list from 1024 px (job-browser.tsx). Was 81 KB with its deps.
    const jobs = report.routes.find((r) => r.src === 'src/app/routes/jobs.tsx')
    expect(jobs, 'the jobs route').toBeDefined()
    expect(jobs!.gzipWithDeps, kb(jobs!.gzipWithDeps)).toBeLessThan(30_000)
  })

  it('a job page does not bring zod for its Report button', () => {
    // The report dialog takes its lists from @common/schemas/report-lists, not the zod schemas beside them (24 KB).
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >
    const files = new Set<string>()
    const visit = (k: string) => {
      if (!manifest[k] || files.has(manifest[k].file)) return
      files.add(manifest[k].file)
      for (const i of manifest[k].imports ?? []) visit(i)
    }
    visit('src/app/routes/description.tsx')
    expect(files.size).toBeGreaterThan(3)
    for (const f of files) expect(fs.readFileSync(path.join(outDir, f), 'utf8'), f).not.toMatch(/\$ZodType/)
  })

  it('keeps heavy libraries out of the first download', () => {
    const initialCode = report.initialJs
      .map((a) => fs.readFileSync(path.join(outDir, a.file), 'utf8'))
      .join('\n')
    // socket.io-client, motion and sonner are loaded after the first paint (ADR 006, ADR 022).
    expect(initialCode).not.toMatch(/engine\.io|socket\.io/i)
    expect(initialCode).not.toMatch(/data-sonner-toaster/)
    expect(initialCode).not.toMatch(/framer|motion\.div/)
  })

  it('paints the loading shell from index.html alone, styled as the stylesheet styles it', () => {
    const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
    const head = html.slice(0, html.indexOf('</head>'))
    const afterShell = html.slice(html.indexOf('<noscript>'))
    expect(head).not.toMatch(/rel="stylesheet"/)
    expect(report.initialCss).toHaveLength(1)
    expect(afterShell).toContain(`<link rel="stylesheet" crossorigin href="/${report.initialCss[0].file}">`)
    const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? ''
    const full = fs.readFileSync(path.join(outDir, report.initialCss[0].file), 'utf8')
    // Every rule of a shell class and every theme value in the head is the stylesheet's own, so nothing moves
    // when the stylesheet arrives.
    const classes = shellClasses(shellMarkup(html) ?? '')
    const regExpText = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    let rules = 0
    for (const c of classes) {
      // Tailwind writes `size-[1.6em]` as `.size-\[1\.6em\]`.
      const selector = `.${c.replace(/[[\].()/:%]/g, '\\$&')}`
      for (const rule of full.match(new RegExp(`${regExpText(selector)}\\{[^}]*\\}`, 'g')) ?? []) {
        expect(inline, c).toContain(rule)
        rules++
      }
    }
    expect(rules).toBeGreaterThan(10)
    for (const value of inline.match(/--[\w-]+:[^;}]+/g) ?? []) {
      if (!value.endsWith('initial')) expect(full, value).toContain(value)
    }
  })

  it('writes smaller brotli and gzip copies of the scripts, styles and index.html', () => {
    for (const a of [...report.initialJs, ...report.initialCss, { file: 'index.html' }]) {
      const file = path.join(outDir, a.file)
      const size = fs.statSync(file).size
      if (size < MIN_BYTES) continue
      for (const ext of ['.br', '.gz']) {
        expect(fs.existsSync(file + ext), `${a.file}${ext}`).toBe(true)
        expect(fs.statSync(file + ext).size).toBeLessThan(size)
      }
    }
  })
})
