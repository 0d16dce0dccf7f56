import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FullConfig } from '@playwright/test'
import { OPERATOR_DESKS, operatorEmail } from './operators'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const READY_TIMEOUT_MS = 90_000

/**
 * Starts an SMTP sink and the real server (built web app, fresh temp DATA_DIR, embedded database) for the
 * whole e2e run. Workers inherit E2E_BASE_URL and MAIL_SINK_URL from the environment set here.
 * The returned function is Playwright's global teardown: it stops both and removes the temp dir.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  // WEB_DIR lets parallel work trees test their own build; the server reads the same variable.
  const index = path.join(
    process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(ROOT, 'dist/web'),
    'index.html',
  )
  if (!fs.existsSync(index)) {
    throw new Error(
      `dist/web is missing (${index}): build the web app first with \`npx vite build\` (npm test does).`,
    )
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-e2e-'))
  let sink: SmtpSink | undefined
  let server: ChildProcess | undefined
  const stopOnExit = () => server?.kill('SIGKILL')

  const teardown = async () => {
    process.off('exit', stopOnExit)
    if (server) await stopProcess(server)
    if (sink) await sink.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    sink = await startSmtpSink()
    const port = await freePort()
    const baseURL = `http://127.0.0.1:${port}`
    const output: string[] = []

    // The e2e run always uses the embedded database and in-memory adapters, whatever the shell has set.
    const env: NodeJS.ProcessEnv = { ...process.env }
    delete env.DATABASE_URL
    delete env.REDIS_URL
    // Operators (role admin) for the operators' pages, made before the server opens the embedded database.
    await makeOperators(
      env,
      path.join(dataDir, 'pglite'),
      config.projects.flatMap((p) => OPERATOR_DESKS.map((desk) => operatorEmail(p.name, desk))),
    )
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: sink.smtpUrl,
        MAIL_FROM: 'Microlance <no-reply@microlance.test>',
        PAYMENT_PROVIDER: 'sandbox',
        // A platform fee, so a release books GST on it and a tax invoice the money spec reads back (ADR 050).
        PLATFORM_FEE_BPS: '1000',
        // Transfers and settlements move on the payout sweep; a spec waits seconds for a UTR, not half a minute.
        PAYOUT_SWEEP_MS: '2000',
        // Job alerts leave within seconds at any hour: the alerts spec reads them from the sink.
        ALERT_SWEEP_MS: '2000',
        ALERT_QUIET_HOURS: '',
        TEST_CLOCK: '1',
        // Review windows of about 14 minutes of the test clock, swept every 2 s (e2e/delivery.spec.ts moves it).
        REVIEW_WINDOW_DAYS: '0.01',
        DELIVERY_SWEEP_MS: '2000',
        SEED_DEMO: 'never',
        // Every spec signs in from 127.0.0.1: the per-IP limits would otherwise throttle the suite itself.
        AUTH_RATE_LIMIT_PER_MIN: '10000',
        OTP_IP_HOURLY_LIMIT: '10000',
        // Specs write faster than people do; the limits themselves are proven by the server tests (ADR 020).
        CHAT_SEND_PER_MIN: '10000',
        POST_CREATE_PER_MIN: '10000',
        COMMENT_CREATE_PER_MIN: '10000',
        APPLY_PER_MIN: '10000',
        UPLOAD_PER_MIN: '10000',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    process.on('exit', stopOnExit)
    for (const stream of [server.stdout!, server.stderr!]) {
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        output.push(chunk)
        if (output.length > 200) output.shift()
        process.stderr.write(chunk.replace(/^(?=.)/gm, '[server] '))
      })
    }

    await waitForReady(server, `${baseURL}/readyz`, output)

    process.env.E2E_BASE_URL = baseURL
    process.env.MAIL_SINK_URL = sink.httpUrl
    process.env.E2E_DATA_DIR = dataDir
    return teardown
  } catch (err) {
    await teardown()
    throw err
  }
}

/** Runs make-operator.ts to its end; its output is shown only when it fails. */
function makeOperators(env: NodeJS.ProcessEnv, pgliteDir: string, emails: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'e2e/support/make-operator.ts', pgliteDir, ...emails],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let output = ''
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c: Buffer) => (output += c))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`make-operator exited with ${code}:\n${output}`)),
    )
  })
}

async function waitForReady(server: ChildProcess, url: string, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  let exited = server.exitCode !== null ? `exited with code ${server.exitCode}` : undefined
  server.once('exit', (code, signal) => (exited = `exited with ${signal ?? `code ${code}`}`))
  let last = ''
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server ${exited} before it was ready:\n${output.join('')}`)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
      last = `${res.status} ${await res.text()}`
    } catch (err) {
      last = (err as Error).message
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(
    `The server did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s (last: ${last}):\n${output.join('')}`,
  )
}

/** SIGTERM for a graceful shutdown, SIGKILL if it has not exited in 10 s. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}
