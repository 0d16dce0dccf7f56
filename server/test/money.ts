import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { expect } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { createMailer } from '../mail/mailer'
import { injectAs, signUp, type Session, type TestCtx } from './helpers'
import { applyTo } from './jobs'
import type { RazorpayStandIn } from './razorpay-standin'

/** The environment that points the app at a Razorpay stand-in, its webhooks signed with `webhookSecret`. */
export const standInEnv = (rzp: RazorpayStandIn, webhookSecret: string): Record<string, string> => ({
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: rzp.keyId,
  RAZORPAY_KEY_SECRET: rzp.keySecret,
  RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  RAZORPAY_API_URL: rzp.url,
})

/** Signs up an operator: a client account made admin. */
export async function signUpOperator(ctx: TestCtx, fullname = 'Ops Person'): Promise<Session> {
  const operator = await signUp(ctx, { role: 'client', fullname })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
  return operator
}

/** Posts a webhook signed as Razorpay signs it (HMAC-SHA256 of the raw body with `secret`), under `eventId`. */
export function signedWebhook(
  ctx: TestCtx,
  secret: string,
  url: string,
  body: object,
  eventId = `evt_${crypto.randomBytes(7).toString('hex')}`,
) {
  const raw = JSON.stringify(body)
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', secret).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
  })
}

/** Polls `fn` every 100 ms until it returns something truthy, and returns that; throws after `ms`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Starts the real server (`server/main.ts`) as a child process on PostgreSQL at `url`, its tables in `schema`,
 * with the common test environment and `env` on top; resolves with the process and its base URL once it listens.
 * Everything it prints is passed to `onOutput` too.
 */
export async function spawnServer(o: {
  url: string
  schema: string
  dataDir: string
  env: Record<string, string>
  onOutput: (chunk: string) => void
}): Promise<{ proc: ChildProcess; base: string }> {
  let out = ''
  const dbUrl = `${o.url}${o.url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${o.schema},public`)}`
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: '',
      MAIL_TRANSPORT: 'console',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'never',
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const take = (d: Buffer | string) => {
    out += d
    o.onOutput(String(d))
  }
  proc.stdout!.on('data', take)
  proc.stderr!.on('data', take)
  const started = Date.now()
  while (!/running at (http:\/\/\S+)/.test(out)) {
    if (Date.now() - started > 60_000 || proc.exitCode !== null)
      throw new Error(`server did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return { proc, base: /running at (http:\/\/\S+)/.exec(out)![1] }
}

/**
 * A fresh freelancer `name` with payout details saved (an individual in Karnataka; not active yet), hired by
 * `client` on `jobId`; returns the freelancer and the contract id.
 */
export async function hirePayableFreelancer(
  ctx: TestCtx,
  client: Session,
  jobId: string,
  name: string,
): Promise<{ f: Session; contractId: string }> {
  const f = await signUp(ctx, { fullname: name })
  const put = await injectAs(ctx.app, f, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: {
      legalName: name,
      pan: `ABCP${name[0]}${crypto.randomInt(1000, 9999)}K`,
      state: 'Karnataka',
      bankAccount: '50100123456789',
      ifsc: 'HDFC0001234',
    },
  })
  expect(put.statusCode, put.body).toBe(200)
  const a = await applyTo(ctx.app, f, jobId)
  const accepted = await injectAs(ctx.app, client, {
    method: 'PATCH',
    url: `/api/v1/application/applications/${a._id}/status`,
    payload: { status: 'accepted' },
  })
  expect(accepted.statusCode, accepted.body).toBe(200)
  const [c] = (
    await ctx.database.db.execute(sql`select id from contracts where job_id = ${jobId}::uuid
      and freelancer_id = ${f.user._id}::uuid`)
  ).rows as { id: string }[]
  return { f, contractId: c.id }
}

/** A JSON call to a running server at `base`, as `token` (none when null); answers the status and parsed body. */
export async function callServer(
  base: string,
  method: string,
  p: string,
  token: string | null,
  body?: object,
): Promise<{ status: number; body: any }> {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as any }
}

/** The sign-in code mailed to `email`, read from a server's console mail in `output()` (waits up to 5 s). */
export async function mailedCode(output: () => string, email: string): Promise<string | undefined> {
  let code: string | undefined
  for (let i = 0; i < 100 && !code; i++) {
    code = new RegExp(`to=${email.replace(/\./g, '\\.')} \\| [^"\\n]*?(\\d{6})`).exec(output())?.[1]
    if (!code) await new Promise((r) => setTimeout(r, 50))
  }
  return code
}

/** Another app on `a`'s own database object (PGlite is one process's database, so there both apps share it). */
export async function appOnSameDatabase(
  a: TestCtx,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const log = pino({ level: 'silent' })
  const config = loadConfig({ DATA_DIR: a.dataDir, LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({
    config,
    database: a.database,
    mailer: createMailer({ transport: 'console', from: config.MAIL_FROM }, log),
    logger: log,
  })
  await app.ready()
  return { app, close: () => app.close() }
}
