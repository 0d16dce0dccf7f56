// Job list, job detail and search under load, each beside a bare Fastify route answering the same bytes.
// Usage: npm run bench            (100,000 jobs on PostgreSQL at DATABASE_URL, default the local `test` server)
//        BENCH_JOBS=10000 BENCH_SECONDS=5 npm run bench
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { seedIfEmpty } from '../server/seed/seed'
import { generateJobs, toJobRows } from '../server/seed/demo-jobs'
import { jobs, users, companies, sessions } from '../server/db/schema'
import { adminStatement, freePort } from './lib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 50
// BENCH_DB=name keeps (and reuses) a database instead of a throwaway one, for repeated runs while tuning.
const keepDb = process.env.BENCH_DB
const benchToken = crypto.randomBytes(32).toString('base64url')
const dbName = keepDb ?? `bench_${Date.now()}`

const admin = (sql: string) => adminStatement(baseUrl, sql)

/** Starts a process and resolves once `readyUrl` answers 200 (request logs stay off, as in production at warn). */
async function startAndWait(
  cmd: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const proc = spawn(process.execPath, cmd, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${proc.exitCode}`)
    try {
      if ((await fetch(readyUrl)).ok) return proc
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${cmd.join(' ')} did not become ready`)
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up first (JIT, connection pools, the read cache), as a server that has been up a while would be.
  await autocannon({ url, headers, connections: 10, duration: 1 })
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx }
}

async function main() {
  const exists = keepDb
    ? await (async () => {
        const c = new pg.Client({ connectionString: baseUrl })
        await c.connect()
        const r = await c.query('select 1 from pg_database where datname = $1', [dbName])
        await c.end()
        return r.rowCount === 1
      })()
    : false
  if (!exists) await admin(`create database ${dbName}`)
  const url = baseUrl.replace(/\/[^/]*$/, `/${dbName}`)
  const procs: ChildProcess[] = []
  try {
    const database = await openDatabase({ databaseUrl: url })
    await migrate(database)
    await seedIfEmpty(database.db)
    const [{ n: existing }] = (await database.db.execute(sql`select count(*)::int as n from jobs`))
      .rows as any
    if (existing >= JOBS) console.log(`reusing ${existing} jobs in ${dbName}`)
    else {
      const [creator] = await database.db.select({ id: users.id }).from(users).limit(1)
      const [company] = await database.db.select({ id: companies.id }).from(companies).limit(1)
      const t = Date.now()
      const pool = generateJobs(Math.min(JOBS, 2000))
      const now = Date.now()
      for (let done = 0; done < JOBS; done += 1000) {
        const batch = pool
          .slice(0, Math.min(1000, JOBS - done))
          .map((j, i) => ({ ...j, title: `${j.title} #${done + i}`.slice(0, 120) }))
        const rows = toJobRows(
          batch,
          {
            users: new Proxy({}, { get: () => creator.id }),
            companies: new Proxy({}, { get: () => company.id }),
          },
          now - done * 60_000,
          done,
        )
        await database.db.insert(jobs).values(rows)
        if (done % 20_000 === 0) process.stdout.write(`  inserted ${done} jobs\r`)
      }
      await database.exec('analyze')
      console.log(`generated ${JOBS} jobs in ${((Date.now() - t) / 1000).toFixed(1)} s`)
    }
    // A signed-in visitor (a session row as login makes it): their answers depend on who they are, so they are
    // never served from the read cache — these rows measure the database path itself.
    const [visitor] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`role = 'freelancer'`)
      .limit(1)
    await database.db.insert(sessions).values({
      tokenHash: crypto.createHash('sha256').update(benchToken).digest('hex'),
      userId: visitor.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    await database.close()

    const appPort = await freePort()
    const app = { url: `http://127.0.0.1:${appPort}` }
    procs.push(
      await startAndWait(
        ['--import', 'tsx', 'server/main.ts'],
        { DATABASE_URL: url, PORT: String(appPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: '' },
        `${app.url}/readyz`,
      ),
    )
    // One job id and a deep cursor, found the way a client would.
    const first = await (await fetch(`${app.url}/api/v1/job/get?sort=newest`)).json()
    const jobId = first.data.jobs[0]._id
    let cursor = first.data.nextCursor
    for (let i = 0; i < 50 && cursor; i++)
      cursor = (
        await (
          await fetch(`${app.url}/api/v1/job/get?sort=newest&cursor=${encodeURIComponent(cursor)}`)
        ).json()
      ).data.nextCursor
    const targets: Record<string, string> = {
      'list newest': '/api/v1/job/get?sort=newest',
      'list filtered': '/api/v1/job/get?sort=newest&category=Jobs&location=Maharashtra',
      'list deep page': `/api/v1/job/get?sort=newest&cursor=${encodeURIComponent(cursor)}`,
      'job detail': `/api/v1/job/${jobId}`,
      'search common': '/api/v1/search?q=design',
      'search rare': '/api/v1/search?q=kannada',
      'search typo': '/api/v1/search?q=reakt%20developr',
      'signed in: list newest': '/api/v1/job/get?sort=newest',
      'signed in: list deep page': `/api/v1/job/get?sort=newest&cursor=${encodeURIComponent(cursor)}`,
      'signed in: search common': '/api/v1/search?q=design',
      'signed in: search rare': '/api/v1/search?q=kannada',
    }
    const headersFor = (name: string): Record<string, string> =>
      name.startsWith('signed in') ? { authorization: `Bearer ${benchToken}` } : {}
    const bodies: Record<string, { type: string; body: string }> = {}
    for (const [name, p] of Object.entries(targets)) {
      const res = await fetch(app.url + p, { headers: headersFor(name) })
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`)
      bodies[encodeURIComponent(name)] = {
        type: res.headers.get('content-type') ?? 'application/json',
        body: await res.text(),
      }
    }
    const bodiesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')), 'bodies.json')
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies))
    const ceilingPort = await freePort()
    const ceiling = { url: `http://127.0.0.1:${ceilingPort}` }
    procs.push(
      await startAndWait(
        ['--import', 'tsx', 'bench/ceiling.ts'],
        { CEILING_BODIES_FILE: bodiesFile, PORT: String(ceilingPort) },
        `${ceiling.url}/health`,
      ),
    )

    const results = []
    // BENCH_ONLY=detail,search runs the endpoints whose names contain one of the words.
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
    for (const [name, p] of Object.entries(targets)) {
      if (only && !only.some((w) => name.includes(w))) continue
      const real = await load(app.url + p, headersFor(name))
      const bare = await load(`${ceiling.url}/${encodeURIComponent(encodeURIComponent(name))}`)
      results.push({ endpoint: name, ...real, ceilingRps: bare.rps, ratio: real.rps / bare.rps })
    }
    console.log(`\n${JOBS} jobs on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each, loopback`)
    console.table(
      results.map((r) => ({
        endpoint: r.endpoint,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'ceiling req/s': Math.round(r.ceilingRps),
        'of ceiling': `${Math.round(r.ratio * 100)} %`,
        errors: r.errors,
      })),
    )
    fs.writeFileSync(
      path.join(root, 'bench/results.json'),
      JSON.stringify(
        { at: new Date().toISOString(), jobs: JOBS, connections: CONNECTIONS, seconds: SECONDS, results },
        null,
        2,
      ),
    )
  } finally {
    for (const p of procs) p.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1500))
    if (!keepDb) await admin(`drop database if exists ${dbName} with (force)`)
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
