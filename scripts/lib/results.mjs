// Reads test counts from the JSON that Vitest and Playwright write, for one plain summary line.
import fs from 'node:fs'

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** @returns {Counts} */
export const zero = () => ({ passed: 0, failed: 0, skipped: 0 })

/** @param {Counts} a @param {Counts} b @returns {Counts} */
export function add(a, b) {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * Counts from Vitest's json reporter. A test file that failed to load has no failed test in it, so it is
 * counted as one failure. Undefined when the file is missing or unreadable.
 * @param {string} file @returns {Counts | undefined}
 */
export function vitestCounts(file) {
  const r = readJson(file)
  if (!r || typeof r.numTotalTests !== 'number') return undefined
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + brokenFiles,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  }
}

/**
 * Counts from Playwright's json reporter: a flaky test (passed on retry) counts as passed; an error outside
 * any test (global setup, a spec that does not load) as one failure.
 * @param {string} file @returns {Counts | undefined}
 */
export function playwrightCounts(file) {
  const r = readJson(file)
  if (!r || !r.stats) return undefined
  const s = r.stats
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + ((r.errors ?? []).length > 0 ? 1 : 0),
    skipped: s.skipped ?? 0,
  }
}

/** `N passed, N failed` (and `, N skipped` when some were), the line CI reads. @param {Counts} c */
export function summaryLine(c) {
  return `${c.passed} passed, ${c.failed} failed` + (c.skipped ? `, ${c.skipped} skipped` : '')
}
