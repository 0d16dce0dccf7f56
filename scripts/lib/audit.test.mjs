import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { auditVerdict, runAudit } from './audit.mjs'

/** npm's report (auditReportVersion 2) with the given advisory counts. */
const report = (counts, vulnerabilities = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
      dependencies: { prod: 100, dev: 0, total: 100 },
    },
  })

describe('auditVerdict', () => {
  it('fails on a high or critical advisory and names the packages', () => {
    const v = auditVerdict({
      stdout: report(
        { critical: 1, moderate: 2 },
        {
          minimist: { name: 'minimist', severity: 'critical' },
          other: { name: 'other', severity: 'moderate' },
        },
      ),
    })
    expect(v).toMatchObject({ ok: false, checked: true })
    expect(v.line).toBe(
      'npm audit: 1 critical, 2 moderate in production dependencies: minimist (critical); run `npm audit --omit=dev` for details',
    )
    expect(auditVerdict({ stdout: report({ high: 3 }) }).ok).toBe(false)
  })

  it('passes with only low and moderate advisories, or none', () => {
    expect(auditVerdict({ stdout: report({ low: 1, moderate: 4 }) })).toEqual({
      ok: true,
      checked: true,
      line: 'npm audit: no high or critical advisories in production dependencies (4 moderate, 1 low)',
    })
    expect(auditVerdict({ stdout: report({}) }).line).toBe(
      'npm audit: no high or critical advisories in production dependencies',
    )
  })

  it('does not fail, and says why, when the registry refuses the audit (405 from the bulk endpoint)', () => {
    // What npm printed on a registry without the advisory endpoint.
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    })
    expect(auditVerdict({ stdout: refused })).toEqual({
      ok: true,
      checked: false,
      line: 'npm audit: could not be checked (the registry did not answer the audit: 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk); not failing the run',
    })
    const offline = JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to registry failed' } })
    expect(auditVerdict({ stdout: offline }).line).toContain('ENOTFOUND request to registry failed')
  })

  it('does not fail on a timeout or output that is no report', () => {
    expect(auditVerdict({ stdout: '', timedOut: true, timeoutSeconds: 30 })).toMatchObject({
      ok: true,
      checked: false,
      line: 'npm audit: could not be checked (no answer from the registry within 30 s); not failing the run',
    })
    expect(auditVerdict({ stdout: '', stderr: 'npm warn x\nnpm error network down' }).line).toContain(
      'npm error network down',
    )
  })
})

describe('runAudit', () => {
  it('stops an audit that hangs at the time limit and does not fail', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'))
    const npm = path.join(dir, 'npm')
    fs.writeFileSync(npm, '#!/bin/sh\nsleep 30\n', { mode: 0o755 })
    try {
      expect(await runAudit({ cwd: dir, timeoutSeconds: 1, npm })).toEqual({ code: 0, note: 'not checked' })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('fails when npm reports a high advisory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'))
    const npm = path.join(dir, 'npm')
    fs.writeFileSync(
      path.join(dir, 'report.json'),
      report({ high: 1 }, { x: { name: 'x', severity: 'high' } }),
    )
    fs.writeFileSync(npm, `#!/bin/sh\ncat '${path.join(dir, 'report.json')}'\nexit 1\n`, { mode: 0o755 })
    try {
      expect(await runAudit({ cwd: dir, timeoutSeconds: 10, npm })).toEqual({ code: 1, note: undefined })
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
