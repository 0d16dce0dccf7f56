// Pieces the benchmarks share: statements on the PostgreSQL server itself, a free loopback port, starting the real
// server (or the ceiling) and waiting for it, one autocannon measurement, and signed-in sessions made in SQL.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Runs one statement (create/drop database…) on the server at `url`. */
export async function adminStatement(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

/** Whether the database `name` exists on the server at `url`. */
export async function databaseExists(url: string, name: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
  } finally {
    await c.end()
  }
}

const tempDirs: string[] = []

/** A temporary directory, removed by removeTempDirs() at the end of the run. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
}

export async function freePort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise((r) => srv.close(r))
  return port
}

/** Starts a process and resolves once `readyUrl` answers 200 (request logs stay off, as in production at warn). */
export async function startAndWait(
  cmd: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const proc = spawn(process.execPath, cmd, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${proc.exitCode}`)
    try {
      if ((await fetch(readyUrl)).ok) return proc
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGTERM')
  throw new Error(`${cmd.join(' ')} did not become ready`)
}

/**
 * The real server for a benchmark: `serverEnv` says which database (PGlite keeps its own data directory; PostgreSQL
 * gets a throwaway one for uploads), request logs off, no Redis; `env` adds the caller's settings.
 */
export async function startBenchServer(
  serverEnv: Record<string, string>,
  env: Record<string, string>,
): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir: Record<string, string> = serverEnv.DATA_DIR ? {} : { DATA_DIR: tempDir('bench-server-') }
  const proc = await startAndWait(
    ['--import', 'tsx', 'server/main.ts'],
    {
      ...serverEnv,
      ...dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      ...env,
    },
    `${url}/readyz`,
  )
  return { url, proc }
}

/** Stops the processes this run started and waits for them to exit. */
export async function stopAll(procs: ChildProcess[]): Promise<void> {
  await Promise.all(
    procs.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exitCode !== null || p.signalCode !== null) return resolve()
          const force = setTimeout(() => p.kill('SIGKILL'), 12_000)
          p.once('exit', () => {
            clearTimeout(force)
            resolve()
          })
          p.kill('SIGTERM')
        }),
    ),
  )
  procs.length = 0
}

/**
 * Waits until the server answers its readiness check (which reaches the database) again: requests still queued
 * from the previous row must not be billed to the next one (PGlite works through them one at a time).
 */
export async function drain(appUrl: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${appUrl}/readyz`)).ok) return
    } catch {
      // busy
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface Measured {
  rps: number
  p50: number
  p99: number
  errors: number
}

/** A one-second warm-up (JIT, connection pools, the read cache), then `seconds` at `connections` on loopback. */
export async function load(
  url: string,
  headers: Record<string, string>,
  opts: { connections: number; seconds: number },
): Promise<Measured> {
  await autocannon({ url, headers, connections: 10, duration: 1 })
  // The warm-up leaves requests in flight; one more request returns once the server has worked through them.
  await fetch(url, { headers }).catch(() => {})
  const r = await autocannon({ url, headers, connections: opts.connections, duration: opts.seconds })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx }
}

/** A session row for `userId`, as sign-in makes it (by the token's SHA-256), valid the full 30 days. */
export function sessionRow(userId: string) {
  const token = crypto.randomBytes(32).toString('base64url')
  return {
    token,
    tokenHash: crypto.createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  }
}

/**
 * The cookies a signed-in browser sends: the session cookie and the XSRF-TOKEN the server hands out on the first
 * read (without it every read would get a fresh one set).
 */
export async function browserCookies(appUrl: string, token: string): Promise<string> {
  const res = await fetch(`${appUrl}/api/v1/notification?limit=1`, { headers: { cookie: `token=${token}` } })
  const xsrf = res.headers
    .getSetCookie()
    .map((c) => /^XSRF-TOKEN=([^;]*)/.exec(c)?.[1])
    .find(Boolean)
  if (!res.ok || !xsrf) throw new Error(`signing in with a made session failed: ${res.status}`)
  return `token=${token}; XSRF-TOKEN=${xsrf}`
}

/** As `load`, also counting the answers the read cache served (its `x-read-cache: hit` header). */
export async function loadCounting(
  url: string,
  headers: Record<string, string>,
  opts: { connections: number; seconds: number },
): Promise<Measured & { hitRate: number }> {
  await autocannon({ url, headers, connections: 10, duration: 1 })
  await fetch(url, { headers }).catch(() => {})
  let hits = 0
  let answers = 0
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: [
      {
        method: 'GET',
        headers,
        onResponse: (_status: number, _body: string, _context: object, h?: Record<string, unknown>) => {
          answers++
          if (h?.['x-read-cache'] === 'hit') hits++
        },
      },
    ],
  })
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    hitRate: answers ? hits / answers : 0,
  }
}
