#!/usr/bin/env node
// `npm test`: typecheck → lint → audit → vitest → vite build → Playwright, stopping at the first failure.
// `npm test -- e2e` (or any step names) runs only those steps. Ends with one line: `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runAudit } from './lib/audit.mjs'
import { add, playwrightCounts, summaryLine, vitestCounts, zero } from './lib/results.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BIN = path.join(ROOT, 'node_modules/.bin')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-test-'))
const vitestJson = path.join(tmp, 'vitest.json')
const e2eJson = path.join(tmp, 'playwright.json')

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
const NO_CHROMIUM_FIX =
  "install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary"
const NO_CHROMIUM = `No Chromium found: ${NO_CHROMIUM_FIX}`

/** @type {{ name: string, run: () => Promise<number | { code: number, note?: string }>, counts?: () => import('./lib/results.mjs').Counts | undefined }[]} */
const STEPS = [
  { name: 'typecheck', run: () => exec('tsc', ['-p', 'tsconfig.json']) },
  {
    name: 'lint',
    run: async () =>
      (await exec('eslint', ['.'])) || exec('prettier', ['--check', '.', '--log-level', 'warn']),
  },
  // High or critical advisories in production dependencies fail; a registry that cannot answer does not (ADR 020).
  { name: 'audit', run: () => runAudit({ cwd: ROOT, timeoutSeconds: 30 }) },
  {
    name: 'vitest',
    run: () =>
      exec('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]),
    counts: () => vitestCounts(vitestJson),
  },
  { name: 'build', run: () => exec('vite', ['build', '--logLevel', 'warn']) },
  {
    name: 'e2e',
    run: async () => {
      const chromium = findChromium()
      if (!chromium) {
        const bad = process.env.CHROMIUM_PATH
        console.error(
          bad ? `CHROMIUM_PATH=${bad} is not an executable file; ${NO_CHROMIUM_FIX}` : NO_CHROMIUM,
        )
        return 1
      }
      console.log(`Chromium: ${chromium}`)
      return exec('playwright', ['test'], { CHROMIUM_PATH: chromium, E2E_JSON: e2eJson })
    },
    counts: () => playwrightCounts(e2eJson),
  },
]

let current // the running child, so a signal to us reaches it
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    current?.kill(sig)
    cleanup()
    process.exit(128 + (os.constants.signals[sig] ?? 1))
  })
}

const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !STEPS.some((s) => s.name === w))
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; steps are: ${STEPS.map((s) => s.name).join(', ')}`)
  process.exit(2)
}

const done = []
let total = zero()
let failed = false
for (const step of STEPS.filter((s) => !wanted.length || wanted.includes(s.name))) {
  console.log(`\n━━ ${step.name} ━━`)
  const start = performance.now()
  const result = await step.run()
  const code = typeof result === 'number' ? result : result.code
  const note = typeof result === 'number' ? undefined : result.note
  const seconds = (performance.now() - start) / 1000
  const counts = step.counts?.()
  // A failed step with no failing test to show for it (a type error, a crash) counts as one failure.
  const stepCounts = counts ?? zero()
  if (code !== 0 && stepCounts.failed === 0) stepCounts.failed = 1
  total = add(total, stepCounts)
  const tests = counts ? ` (tests: ${summaryLine(counts)})` : ''
  const verdict = code === 0 ? (note ?? 'passed') : `FAILED (exit ${code})`
  console.log(`${code === 0 ? '✔' : '✘'} ${step.name} ${verdict} in ${seconds.toFixed(1)} s${tests}`)
  done.push({ name: step.name, ok: code === 0, seconds })
  if (code !== 0) {
    failed = true
    break
  }
}

console.log('\n━━ summary ━━')
for (const s of done)
  console.log(`${s.ok ? '✔' : '✘'} ${s.name.padEnd(10)} ${s.seconds.toFixed(1).padStart(7)} s`)
if (failed) console.log(`Stopped at the first failure: ${done.at(-1).name}.`)
if (process.env.TEST_COUNTS_FILE) fs.writeFileSync(process.env.TEST_COUNTS_FILE, JSON.stringify(total))
cleanup()
console.log(summaryLine(total))
process.exit(failed ? 1 : 0)

/** Runs a local binary from node_modules/.bin with the terminal attached; resolves to its exit code. */
function exec(bin, args, env = {}) {
  console.log(`$ ${bin} ${args.join(' ')}`)
  return new Promise((resolve) => {
    current = spawn(path.join(BIN, bin), args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    })
    current.on('error', (err) => {
      console.error(`Could not start ${bin}: ${err.message} (did \`npm ci\` run?)`)
      resolve(127)
    })
    current.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 1)))
  })
}

/** $CHROMIUM_PATH or a known path; as root on Debian, installs Debian's chromium when there is none. */
function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return isExecutable(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined
  const found = CHROMIUM_CANDIDATES.find(isExecutable)
  if (found) return found
  if (process.getuid?.() === 0 && fs.existsSync('/etc/debian_version')) {
    console.log("No Chromium found: installing Debian's chromium (apt-get install -y chromium)…")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    const ok =
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env }).status === 0 &&
      spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env }).status === 0
    if (ok) return CHROMIUM_CANDIDATES.find(isExecutable)
  }
  return undefined
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

function cleanup() {
  fs.rmSync(tmp, { recursive: true, force: true })
}
