// How cost grows with the number of jobs: the job list and search, measured at each size (default 10k, 100k and
// 1M jobs) on one database that is topped up between sizes, printed side by side. The read cache is off and the
// signed-in rows send a session, so every request reaches the database. Usage:
//   npm run bench:growth
//   BENCH_GROWTH_SIZES=2000,10000 BENCH_SECONDS=2 npm run bench:growth   a quick look
//   BENCH_PGLITE=1 npm run bench:growth                                   PGlite, sizes / 10
//   BENCH_DB=bench_growth BENCH_GROWTH_SIZES=1000000 BENCH_ONLY=search    keep the 1M database and reuse it
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { sessions } from '../server/db/schema'
import { generate, volumesFor } from './generate'
import { captureStatements, explainStatements, pgliteExplainer, postgresExplainer } from './explain'
import { deepCursor, inProcessApp, openBench, tableRows } from './jobs'
import {
  drain,
  load,
  removeTempDirs,
  root,
  sessionRow,
  startBenchServer,
  stopAll,
  type Measured,
} from './lib'

const PGLITE = process.env.BENCH_PGLITE === '1'
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? (PGLITE ? '1000,10000,100000' : '10000,100000,1000000'))
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
  .sort((a, b) => a - b)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const EXPLAIN_RUNS = Math.max(1, Number(process.env.BENCH_EXPLAIN_RUNS ?? 3))
const CONNECTIONS = 50
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const keepDb = process.env.BENCH_DB
const sessionSecret = crypto.randomBytes(32).toString('hex')

const short = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n))

interface Row extends Measured {
  endpoint: string
  jobs: number
  sqlMs: number
}

async function main() {
  // One database for every size (PGlite: one directory), topped up between them.
  const dbName = PGLITE
    ? (keepDb ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-')))
    : (keepDb ?? `bench_growth_${Date.now()}`)
  const keep = PGLITE || !!keepDb
  const rows: Row[] = []
  const generation: { jobs: number; seconds: number }[] = []
  const procs: ChildProcess[] = []
  let drop: (() => Promise<void>) | null = null
  try {
    for (const size of SIZES) {
      const opened = await openBench(dbName, keep)
      drop = opened.drop
      const report = await generate(opened.run, opened.database.db, volumesFor(0, size))
      generation.push({ jobs: report.counts.jobs, seconds: report.seconds })
      console.log(`${opened.label}: ${report.counts.jobs} jobs (${report.seconds.toFixed(1)} s to generate)`)
      const freelancer = (await opened.run(`select id from bench_users where n = 2`))[0].id
      const s = sessionRow(freelancer)
      await opened.database.db
        .insert(sessions)
        .values({ tokenHash: s.tokenHash, userId: s.userId, expiresAt: s.expiresAt })

      const app = await inProcessApp(opened.database)
      const cursor = await deepCursor(app, '/api/v1/job/get?sort=newest', {}, 50, (b) => b.data.nextCursor)
      const targets: { name: string; path: string; signedIn: boolean }[] = [
        { name: 'list newest', path: '/api/v1/job/get?sort=newest', signedIn: false },
        {
          name: 'list filtered',
          path: '/api/v1/job/get?sort=newest&category=Jobs&location=Maharashtra',
          signedIn: false,
        },
        {
          name: 'list deep page',
          path: `/api/v1/job/get?sort=newest&cursor=${encodeURIComponent(cursor ?? '')}`,
          signedIn: false,
        },
        { name: 'search common', path: '/api/v1/search?q=design', signedIn: false },
        { name: 'search rare', path: '/api/v1/search?q=kannada', signedIn: false },
        { name: 'search typo', path: '/api/v1/search?q=reakt%20developr', signedIn: false },
        { name: 'signed in: list relevant', path: '/api/v1/job/get', signedIn: true },
        { name: 'signed in: search common', path: '/api/v1/search?q=design', signedIn: true },
      ]
      const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
      const chosen = targets.filter((t) => !only || only.some((w) => t.name.includes(w)))
      const tables = await tableRows(opened.run)
      const explainer = PGLITE
        ? pgliteExplainer()
        : await postgresExplainer(baseUrl.replace(/\/[^/]*$/, `/${dbName}`))
      const sqlMs: Record<string, number> = {}
      for (const t of chosen) {
        const headers: Record<string, string> = t.signedIn ? { authorization: `Bearer ${s.token}` } : {}
        const { statements } = await captureStatements(app, t.path, headers)
        // The database time of the whole request: every statement it ran, as EXPLAIN ANALYZE timed them; the best of
        // EXPLAIN_RUNS passes, so that one pass slowed by the machine does not stand for the query.
        for (let run = 0; run < EXPLAIN_RUNS; run++) {
          const e = await explainStatements(explainer.explain, statements, tables, Infinity)
          const ms = e.statements.reduce((a, x) => a + x.ms, 0)
          sqlMs[t.name] = Math.min(sqlMs[t.name] ?? Infinity, ms)
        }
      }
      await explainer.close()
      await app.close()
      await opened.close()

      const server = await startBenchServer(opened.serverEnv, {
        SESSION_SECRET: sessionSecret,
        READ_CACHE_TTL_MS: '0',
      })
      procs.push(server.proc)
      const url = server.url
      for (const t of chosen) {
        const headers: Record<string, string> = t.signedIn ? { authorization: `Bearer ${s.token}` } : {}
        await drain(url)
        const m = await load(url + t.path, headers, { connections: CONNECTIONS, seconds: SECONDS })
        rows.push({ endpoint: t.name, jobs: report.counts.jobs, sqlMs: sqlMs[t.name], ...m })
        console.log(`  ${t.name}: p50 ${m.p50} ms, p99 ${m.p99} ms, ${Math.round(m.rps)} req/s`)
      }
      await stopAll(procs)
    }

    const sizes = [...new Set(rows.map((r) => r.jobs))]
    console.log(
      `\nJob list and search as jobs grow (${CONNECTIONS} connections, ${SECONDS} s each, read cache off; ` +
        `"sql" is the request's statements' EXPLAIN ANALYZE time)`,
    )
    console.table(
      [...new Set(rows.map((r) => r.endpoint))].map((endpoint) =>
        Object.fromEntries([
          ['endpoint', endpoint],
          ...sizes.flatMap((n) => {
            const r = rows.find((x) => x.endpoint === endpoint && x.jobs === n)
            return [
              [`${short(n)} p50/p99 ms`, r ? `${r.p50} / ${r.p99}` : '-'],
              [`${short(n)} req/s`, r ? Math.round(r.rps) : '-'],
              [`${short(n)} sql ms`, r ? Number(r.sqlMs.toFixed(1)) : '-'],
            ]
          }),
        ]),
      ),
    )
    fs.writeFileSync(
      path.join(root, 'bench/growth-results.json'),
      JSON.stringify(
        { at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, generation, rows },
        null,
        2,
      ),
    )
    console.log('wrote bench/growth-results.json')
  } finally {
    await stopAll(procs)
    await drop?.()
    if (PGLITE && !keepDb) fs.rmSync(dbName, { recursive: true, force: true })
    removeTempDirs()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
