import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, keptSecret, loadConfig } from './config'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-cfg-'))

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: tmp() })
    expect(c).toMatchObject({
      PORT: 3000,
      MAIL_TRANSPORT: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      PLATFORM_FEE_BPS: 0,
    })
    expect(c.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
  })
  it('has production defaults for the abuse limits, and takes overrides (ADR 020)', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      AUTH_RATE_LIMIT_PER_MIN: 20,
      CHAT_SEND_PER_MIN: 60,
      POST_CREATE_PER_MIN: 10,
      COMMENT_CREATE_PER_MIN: 30,
      APPLY_PER_MIN: 10,
      UPLOAD_PER_MIN: 30,
    })
    expect(loadConfig({ DATA_DIR: tmp(), APPLY_PER_MIN: '3' }).APPLY_PER_MIN).toBe(3)
    expect(() => loadConfig({ DATA_DIR: tmp(), CHAT_SEND_PER_MIN: '0' })).toThrow(/CHAT_SEND_PER_MIN/)
  })
  it('keeps 50,000 broadcasts for returning clients unless told otherwise (ADR 033)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).RECOVERY_LOG_SIZE).toBe(50_000)
    expect(loadConfig({ DATA_DIR: tmp(), RECOVERY_LOG_SIZE: '200000' }).RECOVERY_LOG_SIZE).toBe(200_000)
    expect(() => loadConfig({ DATA_DIR: tmp(), RECOVERY_LOG_SIZE: '10' })).toThrow(/RECOVERY_LOG_SIZE/)
    expect(() => loadConfig({ DATA_DIR: tmp(), RECOVERY_LOG_SIZE: 'lots' })).toThrow(/RECOVERY_LOG_SIZE/)
  })
  it('keeps the generated session secret in DATA_DIR across restarts', () => {
    const dir = tmp()
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(loadConfig({ DATA_DIR: dir }).SESSION_SECRET)
  })
  it('stops with one clear line per bad value', () => {
    let err: unknown
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', MAIL_TRANSPORT: 'smtp', DATABASE_URL: 'mysql://x' })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ConfigError)
    const msg = (err as Error).message
    expect(msg).toMatch(/^Invalid configuration:/)
    expect(msg).toContain('PORT:')
    expect(msg).toContain('DATABASE_URL: must start with postgres:// or postgresql://')
    expect(() => loadConfig({ DATA_DIR: tmp(), MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: is required when MAIL_TRANSPORT=smtp/,
    )
  })
  it('takes a Redis key prefix and the proxies to trust, refusing malformed ones', () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({
      REDIS_PREFIX: 'microlance',
      TRUST_PROXY: 'loopback',
    })
    expect(
      loadConfig({ DATA_DIR: tmp(), REDIS_PREFIX: 'shop-2:prod', TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }),
    ).toMatchObject({ REDIS_PREFIX: 'shop-2:prod', TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' })
    expect(() => loadConfig({ DATA_DIR: tmp(), REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX: must be/)
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY: must be/)
  })
  it('requires Razorpay keys when the razorpay provider is chosen', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PAYMENT_PROVIDER: 'razorpay' })).toThrow(
      /RAZORPAY_KEY_ID: is required/,
    )
  })
})

describe('keptSecret', () => {
  it('keeps one secret per name, written whole, with no draft file left behind', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-secret-'))
    try {
      const first = keptSecret(dir, 'session-secret')
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(keptSecret(dir, 'session-secret')).toBe(first)
      expect(fs.readdirSync(dir)).toEqual(['session-secret'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
