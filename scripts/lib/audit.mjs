// The `audit` step of `npm test`: `npm audit --omit=dev --audit-level=high`, read from its JSON report.
// High or critical advisories in production dependencies fail the step. A registry that cannot answer the audit at
// all (no network, a mirror without the advisory endpoint answering 405, a timeout) is reported on one line and does
// not fail the run: that says nothing about our dependencies (ADR 020).
import { spawn } from 'node:child_process'

export const AUDIT_ARGS = ['audit', '--omit=dev', '--audit-level=high', '--json', '--fetch-retries=1']
const FAILING = ['high', 'critical']

/**
 * What the audit step concludes from npm's output.
 * @param {{ stdout: string, stderr?: string, timedOut?: boolean, timeoutSeconds?: number, startError?: string }} run
 * @returns {{ ok: boolean, checked: boolean, line: string }}
 */
export function auditVerdict(run) {
  const unchecked = (why) => ({
    ok: true,
    checked: false,
    line: `npm audit: could not be checked (${why}); not failing the run`,
  })
  if (run.startError) return unchecked(`npm did not start: ${run.startError}`)
  if (run.timedOut) return unchecked(`no answer from the registry within ${run.timeoutSeconds ?? '?'} s`)
  let report
  try {
    report = JSON.parse(run.stdout)
  } catch {
    const said = firstLine(run.stderr) || firstLine(run.stdout) || 'no report'
    return unchecked(`npm printed no JSON report: ${said}`)
  }
  const counts = report?.metadata?.vulnerabilities
  if (!counts || typeof counts !== 'object') {
    // npm's JSON error shapes: { message, statusCode, uri } or { error: { code, summary, detail } }
    const why =
      report?.message ||
      [report?.error?.code, report?.error?.summary, report?.error?.detail].filter(Boolean).join(' ') ||
      'the answer had no advisory counts'
    return unchecked(`the registry did not answer the audit: ${String(why).split('\n')[0]}`)
  }
  const failing = FAILING.reduce((n, level) => n + (Number(counts[level]) || 0), 0)
  const tally = ['critical', 'high', 'moderate', 'low']
    .filter((level) => Number(counts[level]) > 0)
    .map((level) => `${counts[level]} ${level}`)
    .join(', ')
  if (failing === 0)
    return {
      ok: true,
      checked: true,
      line: `npm audit: no high or critical advisories in production dependencies${tally ? ` (${tally})` : ''}`,
    }
  const packages = Object.values(report.vulnerabilities ?? {})
    .filter((v) => FAILING.includes(v?.severity))
    .map((v) => `${v.name} (${v.severity})`)
  return {
    ok: false,
    checked: true,
    line: `npm audit: ${tally} in production dependencies: ${packages.join(', ')}; run \`npm audit --omit=dev\` for details`,
  }
}

function firstLine(text) {
  return (
    String(text ?? '')
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !/^npm warn/i.test(l)) ?? ''
  )
}

/**
 * Runs the audit with a time limit and prints the verdict; resolves to the step's exit code, and a note when the
 * audit could not be checked.
 * @param {{ cwd: string, timeoutSeconds?: number, npm?: string }} opts
 */
export function runAudit({ cwd, timeoutSeconds = 30, npm = 'npm' }) {
  console.log(`$ ${npm} ${AUDIT_ARGS.join(' ')}`)
  return new Promise((resolve) => {
    let stdout = ''
    let stderr = ''
    let finished = false
    // Its own process group, so a timeout stops npm and anything it started.
    const child = spawn(npm, AUDIT_ARGS, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
      finish(auditVerdict({ stdout, stderr, timedOut: true, timeoutSeconds }))
    }, timeoutSeconds * 1000)
    child.stdout.on('data', (c) => (stdout += c))
    child.stderr.on('data', (c) => (stderr += c))
    const finish = (verdict) => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      console.log(verdict.line)
      resolve({ code: verdict.ok ? 0 : 1, note: verdict.checked ? undefined : 'not checked' })
    }
    child.on('error', (err) => finish(auditVerdict({ stdout: '', startError: err.message })))
    child.on('close', () => finish(auditVerdict({ stdout, stderr })))
  })
}
