// The web app's weight and Lighthouse scores: builds it, prints the first-load JS/CSS (gzipped) against the budget and
// each lazy route chunk, then starts the real server (embedded database, demo data) and runs Lighthouse in Debian's
// Chromium on `/`, `/description/:id` and `/chat` (signed in), desktop and mobile. Writes bench/web-results.json.
// Usage: npm run bench:web
//        BENCH_LH_RUNS=3 npm run bench:web     (median of 3 Lighthouse runs per page and form factor)
//        BENCH_SKIP_BUILD=1 npm run bench:web  (measure the dist/web already built)
//        BENCH_LH_REPORTS=dir npm run bench:web (also keep each full Lighthouse report as JSON in dir)
//        BENCH_PAGES=chat npm run bench:web     (only some pages)
//        BENCH_FORM_FACTORS=mobile npm run bench:web (only one form factor)
//        BENCH_LANG=hi-IN npm run bench:web     (the pages in Hindi: the `lang` cookie a visitor's switch sets)
//        BENCH_WEB_DIR=dir npm run bench:web    (build into, or with BENCH_SKIP_BUILD measure, dir instead of dist/web)
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse'
import { chromium } from '@playwright/test'
import { FIRST_LOAD_BUDGET, analyseBuild, kb, type BundleReport } from '../web/tooling/bundle-size'
import { freePort } from './lib'
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = process.env.BENCH_WEB_DIR
  ? path.resolve(process.env.BENCH_WEB_DIR)
  : path.join(root, 'dist/web')
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1))
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const DEMO_USER = 'asha@demo.microlance.in'
const TARGETS = { performance: 95, accessibility: 95 }
const LANG = process.env.BENCH_LANG

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}`))))
  })
}

function printBundle(report: BundleReport) {
  const budget = FIRST_LOAD_BUDGET
  console.log('\nFirst load (everything index.html loads or preloads), gzip -9:')
  for (const a of report.initialJs)
    console.log(`  ${a.file.padEnd(40)} ${kb(a.raw).padStart(10)} ${kb(a.gzip).padStart(10)} gz`)
  console.log(`  ${'initial JS'.padEnd(40)} ${''.padStart(10)} ${kb(report.initialJsGzip).padStart(10)} gz`)
  // Before the first screen the visit also fetches its language's core catalogue and the ICU formatter.
  for (const v of report.firstVisit) {
    const verdict = v.gzip <= budget ? 'within' : 'OVER'
    console.log(
      `  ${`first visit in ${v.language}`.padEnd(40)} ${''.padStart(10)} ${kb(v.gzip).padStart(10)} gz  ` +
        `(+ ${v.extra.map((a) => `${a.file} ${kb(a.gzip)}`).join(', ')}; ` +
        `budget ${kb(budget)}: ${verdict}, ${((v.gzip / budget) * 100).toFixed(0)} %)`,
    )
  }
  for (const a of report.initialCss)
    console.log(`  ${a.file.padEnd(40)} ${kb(a.raw).padStart(10)} ${kb(a.gzip).padStart(10)} gz`)
  console.log(`  all JS of the app: ${kb(report.totalJsGzip)} gz`)
  console.log('\nLazy route chunks (own size; with the shared chunks the first load did not bring):')
  for (const r of report.routes)
    console.log(
      `  ${r.src.replace('src/app/routes/', '').padEnd(28)} ${kb(r.gzip).padStart(9)} gz  ${kb(r.gzipWithDeps).padStart(9)} gz with deps`,
    )
}

interface Server {
  url: string
  proc: ChildProcess
  dataDir: string
  log: string[]
}

/** The real server as `npm start` runs it: embedded database with demo data, console mail, a free port. */
async function startServer(): Promise<Server> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'))
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL
  delete env.REDIS_URL
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIR: outDir,
      MAIL_TRANSPORT: 'console',
      SEED_DEMO: 'auto',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log: string[] = []
  for (const s of [proc.stdout!, proc.stderr!]) {
    s.setEncoding('utf8')
    s.on('data', (c: string) => log.push(c))
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the server exited:\n${log.join('')}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, proc, dataDir, log }
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  throw new Error(`the server was not ready in 120 s:\n${log.join('')}`)
}

async function stopServer(s: Server) {
  if (s.proc.exitCode === null) {
    const exited = new Promise((r) => s.proc.once('exit', r))
    s.proc.kill('SIGTERM')
    await Promise.race([exited, sleep(10_000)])
    if (s.proc.exitCode === null) s.proc.kill('SIGKILL')
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true })
}

async function postJson(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`)
  return res
}

interface SignedIn {
  cookie: string
  user: unknown
  token: string
}

/** Signs the demo client in the way a person does: asks for a code and reads it from the console mail log. */
async function signIn(s: Server): Promise<SignedIn> {
  const before = s.log.join('').length
  await postJson(`${s.url}/api/v1/user/send-login-otp`, { email: DEMO_USER })
  const pattern = new RegExp(`\\[mail\\] to=${DEMO_USER.replace(/\./g, '\\.')} \\|[^\\n]*?(\\d{6})`)
  let otp: string | undefined
  for (let i = 0; i < 100 && !otp; i++) {
    otp = pattern.exec(s.log.join('').slice(before))?.[1]
    if (!otp) await sleep(100)
  }
  if (!otp) throw new Error('no sign-in code appeared in the server log')
  const res = await postJson(`${s.url}/api/v1/user/verify-otp`, { email: DEMO_USER, otp })
  const answer = (await res.json()) as { data: unknown; token: string }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { cookie, user: answer.data, token: answer.token }
}

async function firstJobId(s: Server): Promise<string> {
  const res = await fetch(`${s.url}/api/v1/job/get`)
  const body = (await res.json()) as { data: { jobs: { _id: string }[] } }
  const id = body.data.jobs[0]?._id
  if (!id) throw new Error('the demo data has no job')
  return id
}

/**
 * Puts the session where the app keeps it (product.md §4: `user` and `token` in localStorage; RequireAuth reads the
 * stored user), through a second DevTools client on the same browser. The session cookie goes as an extra header.
 */
async function storeSession(port: number, origin: string, session: SignedIn) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    const page = await context.newPage()
    await page.goto(`${origin}/favicon.svg`)
    // Keeping storage also keeps the HTTP cache; empty it so this page loads cold like the others.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache')
    await page.evaluate(
      ({ user, token }) => {
        localStorage.setItem('user', JSON.stringify(user))
        localStorage.setItem('token', token)
      },
      { user: session.user, token: session.token },
    )
    await page.close()
  } finally {
    await browser.close()
  }
}

interface PageScore {
  page: string
  formFactor: 'desktop' | 'mobile'
  url: string
  performance: number
  accessibility: number
  metrics: Record<string, number>
  failing: { id: string; title: string; score: number | null; display?: string }[]
  runs: number[]
}

const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const

async function lighthouseOnce(
  url: string,
  port: number,
  formFactor: 'desktop' | 'mobile',
  extra: Partial<Flags>,
): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...extra,
  }
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined
  // A loaded machine now and then loses the trace (NO_NAVSTART…); such a run is repeated, up to twice.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, config)
    const error = result ? result.lhr.runtimeError : { message: 'no result' }
    if (!error) return result!.lhr
    if (attempt === 3) throw new Error(`${url}: ${error.message}`)
    console.log(`  ${url} ${formFactor}: ${error.message.slice(0, 80)}… running it again`)
  }
}

function summarise(page: string, formFactor: 'desktop' | 'mobile', url: string, lhrs: Result[]): PageScore {
  const perf = (l: Result) => Math.round((l.categories.performance.score ?? 0) * 100)
  // The run with the median performance score stands for the page.
  const sorted = [...lhrs].sort((a, b) => perf(a) - perf(b))
  const lhr = sorted[Math.floor(sorted.length / 2)]
  const failing: PageScore['failing'] = []
  for (const cat of ['performance', 'accessibility'] as const) {
    for (const ref of lhr.categories[cat].auditRefs) {
      const a = lhr.audits[ref.id]
      if (!a || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative') continue
      if (a.scoreDisplayMode === 'manual' || a.score === null || a.score >= 0.9) continue
      if (ref.weight === 0 && cat === 'performance' && !a.details) continue
      failing.push({ id: a.id, title: a.title, score: a.score, display: a.displayValue })
    }
  }
  return {
    page,
    formFactor,
    url,
    performance: perf(lhr),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((id) => [
        METRICS[id as keyof typeof METRICS],
        lhr.audits[id]?.numericValue ?? NaN,
      ]),
    ),
    failing,
    runs: lhrs.map(perf),
  }
}

function printScores(scores: PageScore[]) {
  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}— targets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}`,
  )
  console.log(
    `  ${'page'.padEnd(18)} ${'form'.padEnd(8)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'SI ms'.padStart(7)}`,
  )
  for (const s of scores) {
    const m = s.metrics
    const mark = s.performance >= TARGETS.performance && s.accessibility >= TARGETS.accessibility ? '' : '  ✘'
    console.log(
      `  ${s.page.padEnd(18)} ${s.formFactor.padEnd(8)} ${String(s.performance).padStart(4)} ${String(s.accessibility).padStart(4)} ` +
        `${m.FCP.toFixed(0).padStart(7)} ${m.LCP.toFixed(0).padStart(7)} ${m.TBT.toFixed(0).padStart(7)} ${m.CLS.toFixed(3).padStart(6)} ${m.SI.toFixed(0).padStart(7)}${mark}`,
    )
  }
  const failing = new Map<string, { title: string; where: string[] }>()
  for (const s of scores)
    for (const f of s.failing) {
      const e = failing.get(f.id) ?? { title: f.title, where: [] }
      e.where.push(`${s.page} ${s.formFactor}${f.display ? ` (${f.display})` : ''}`)
      failing.set(f.id, e)
    }
  if (failing.size) {
    console.log('\nAudits below 0.9:')
    for (const [id, f] of failing) console.log(`  ${id}: ${f.title}\n      ${f.where.join('; ')}`)
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD)
    await run(process.execPath, [
      'node_modules/vite/bin/vite.js',
      'build',
      '--logLevel',
      'warn',
      ...(process.env.BENCH_WEB_DIR ? ['--outDir', outDir, '--emptyOutDir'] : []),
    ])
  const bundle = analyseBuild(outDir)
  printBundle(bundle)

  const server = await startServer()
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS, // the browser tests' flags
    logLevel: 'error',
  })
  const scores: PageScore[] = []
  try {
    const jobId = await firstJobId(server)
    const session = await signIn(server)
    const pages: { name: string; path: string; signedIn?: boolean }[] = [
      { name: '/', path: '/' },
      { name: '/description/:id', path: `/description/${jobId}` },
      { name: '/chat', path: '/chat', signedIn: true },
    ]
    // BENCH_PAGES=chat (or description, /) measures only the pages whose name contains one of the words.
    const only = process.env.BENCH_PAGES?.split(',').map((w) => w.trim())
    for (const p of pages.filter((pg) => !only || only.some((w) => pg.name.includes(w)))) {
      const factors = (['desktop', 'mobile'] as const).filter(
        (f) => !process.env.BENCH_FORM_FACTORS || process.env.BENCH_FORM_FACTORS.split(',').includes(f),
      )
      for (const formFactor of factors) {
        const url = server.url + p.path
        const lhrs: Result[] = []
        for (let i = 0; i < RUNS; i++) {
          if (p.signedIn) await storeSession(chrome.port, server.url, session)
          lhrs.push(
            await lighthouseOnce(url, chrome.port, formFactor, {
              ...(p.signedIn ? { disableStorageReset: true } : {}),
              ...(p.signedIn || LANG
                ? {
                    extraHeaders: {
                      Cookie: [p.signedIn ? session.cookie : '', LANG ? `lang=${LANG}` : '']
                        .filter(Boolean)
                        .join('; '),
                    },
                  }
                : {}),
            }),
          )
        }
        if (process.env.BENCH_LH_REPORTS) {
          fs.mkdirSync(process.env.BENCH_LH_REPORTS, { recursive: true })
          lhrs.forEach((l, i) => {
            const name = `${p.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}-${i + 1}.json`
            fs.writeFileSync(path.join(process.env.BENCH_LH_REPORTS!, name), JSON.stringify(l))
          })
        }
        const score = summarise(p.name, formFactor, url, lhrs)
        if (p.signedIn && !lhrs.every((l) => l.finalDisplayedUrl.endsWith(p.path)))
          throw new Error(
            `${p.name} did not stay signed in (ended at ${lhrs.map((l) => l.finalDisplayedUrl)})`,
          )
        scores.push(score)
        console.log(
          `  ${p.name} ${formFactor}: performance ${score.performance}, accessibility ${score.accessibility}`,
        )
      }
    }
  } finally {
    chrome.kill()
    await stopServer(server)
  }
  printScores(scores)

  const results = {
    at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
    budget: { firstVisitGzip: FIRST_LOAD_BUDGET },
    bundle: {
      initialJsGzip: bundle.initialJsGzip,
      firstVisit: bundle.firstVisit,
      initialCssGzip: bundle.initialCssGzip,
      totalJsGzip: bundle.totalJsGzip,
      initialJs: bundle.initialJs,
      initialCss: bundle.initialCss,
      routes: bundle.routes,
    },
    lighthouse: { runs: RUNS, targets: TARGETS, scores },
  }
  fs.writeFileSync(path.join(root, 'bench/web-results.json'), JSON.stringify(results, null, 2) + '\n')
  console.log('\nWrote bench/web-results.json')
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
