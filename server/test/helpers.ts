import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import pino from 'pino'
import { buildApp, type AppDeps } from '../app'
import { loadConfig } from '../config'
import { openDatabase, type Database } from '../db/client'
import { migrate } from '../db/migrate'
import { createMailer } from '../mail/mailer'
import { startSmtpSink, type SmtpSink } from './smtp-sink'

export interface TestCtx {
  app: FastifyInstance
  database: Database
  sink: SmtpSink
  dataDir: string
  /** PostgreSQL schema of this app (undefined on PGlite); a second instance can open the same one. */
  schemaName?: string
  /** Socket.IO Redis prefix of this app; a second instance on the same Redis shares it. */
  realtimePrefix: string
  /** Key prefix of this app's rate-limit counters; a second instance on the same Redis may share it. */
  rateLimitNamespace: string
  close(): Promise<void>
}

/**
 * A whole app on a fresh database: in-memory PGlite, or — when DATABASE_URL is set — a new schema in that
 * PostgreSQL database, dropped afterwards, so runs never see each other's rows. Mail goes to a real SMTP sink.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    schemaName?: string
    realtimePrefix?: string
    rateLimitNamespace?: string
    recoveryLogSize?: number
    migrate?: boolean
    linkPreview?: AppDeps['linkPreview']
    onRoute?: AppDeps['onRoute']
    /** A built web app to serve (a directory with index.html). */
    webDir?: string
    /** How long the SMTP sink takes to accept each message, as a remote mail server would. */
    mailDelayMs?: number
  } = {},
): Promise<TestCtx> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-test-'))
  const sink = await startSmtpSink({ delayMs: opts.mailDelayMs })
  const url = process.env.DATABASE_URL
  const ownSchema = !opts.schemaName
  const schemaName = url
    ? (opts.schemaName ?? `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`)
    : undefined
  const realtimePrefix = opts.realtimePrefix ?? `test-sio-${crypto.randomBytes(6).toString('hex')}`
  const rateLimitNamespace = opts.rateLimitNamespace ?? `test-rl-${crypto.randomBytes(6).toString('hex')}:`
  const database = await openDatabase({ databaseUrl: url, schemaName })
  if (opts.migrate !== false) await migrate(database)
  const config = loadConfig({
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: sink.url,
    LOG_LEVEL: 'silent',
    // Tests sign many people up from one address and write fast; the limits' own tests lower these (ADR 020).
    AUTH_RATE_LIMIT_PER_MIN: '10000',
    OTP_IP_HOURLY_LIMIT: '10000',
    CHAT_SEND_PER_MIN: '10000',
    POST_CREATE_PER_MIN: '10000',
    COMMENT_CREATE_PER_MIN: '10000',
    APPLY_PER_MIN: '10000',
    UPLOAD_PER_MIN: '10000',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  })
  const log = pino({ level: 'silent' })
  const mailer = createMailer({ transport: 'smtp', smtpUrl: sink.url, from: config.MAIL_FROM }, log)
  let redis: import('ioredis').Redis | undefined
  if (process.env.REDIS_URL) {
    const { Redis } = await import('ioredis')
    redis = new Redis(process.env.REDIS_URL)
  }
  const app = await buildApp({
    config,
    database,
    mailer,
    logger: log,
    redis,
    rateLimitNamespace,
    realtimePrefix,
    recoveryLogSize: opts.recoveryLogSize,
    linkPreview: opts.linkPreview,
    onRoute: opts.onRoute,
    webDir: opts.webDir,
  })
  await app.ready()
  return {
    app,
    database,
    sink,
    dataDir,
    schemaName,
    realtimePrefix,
    rateLimitNamespace,
    async close() {
      await app.close()
      mailer.close()
      await redis?.quit()
      if (schemaName && ownSchema) await database.exec(`drop schema if exists ${schemaName} cascade`)
      await database.close()
      await sink.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Another instance of `ctx`'s app, as behind a load balancer: the same database schema, Redis stream and rate-limit
 * keys, no migrations of its own. Closing it leaves the shared schema to `ctx`.
 */
export function anotherInstance(
  ctx: TestCtx,
  env: Record<string, string> = {},
  opts: Parameters<typeof createTestApp>[1] = {},
): Promise<TestCtx> {
  return createTestApp(env, {
    schemaName: ctx.schemaName,
    realtimePrefix: ctx.realtimePrefix,
    rateLimitNamespace: ctx.rateLimitNamespace,
    migrate: false,
    ...opts,
  })
}

export interface Session {
  token: string
  xsrf: string
  user: any
}

/** Signs a new user up the way the browser does: send-otp → code from the SMTP sink → verify-otp. */
export async function signUp(
  ctx: TestCtx,
  opts: { email?: string; fullname?: string; role?: 'client' | 'freelancer' } = {},
): Promise<Session> {
  const email = opts.email ?? `user-${crypto.randomBytes(5).toString('hex')}@example.in`
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/send-otp',
    payload: { email, fullname: opts.fullname ?? 'Test User', ...(opts.role ? { role: opts.role } : {}) },
  })
  if (sent.statusCode !== 200) throw new Error(`send-otp ${sent.statusCode} ${sent.body}`)
  return verify(ctx, email)
}

/** The newest code mailed to `email`, once the outbox has delivered what it holds (mail leaves after the answer). */
export async function mailedCode(ctx: TestCtx, email: string): Promise<string | null> {
  await ctx.app.outbox.settled()
  return ctx.sink.lastCode(email)
}

/** Completes a code sign-in for `email` with the newest code the sink received. */
export async function verify(ctx: TestCtx, email: string): Promise<Session> {
  const otp = await mailedCode(ctx, email)
  if (!otp) throw new Error(`no code mailed to ${email}`)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/verify-otp',
    payload: { email, otp },
  })
  if (res.statusCode !== 200) throw new Error(`verify-otp ${res.statusCode} ${res.body}`)
  const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value
  return { token: res.json().token, xsrf, user: res.json().data }
}

/** Injects as a signed-in browser: session cookie plus the CSRF header (unless `csrf: false`). */
export function injectAs(
  app: FastifyInstance,
  s: Session | null,
  opts: InjectOptions & { csrf?: boolean; bearer?: boolean },
) {
  const { csrf = true, bearer = false, ...rest } = opts
  const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) }
  const cookies: Record<string, string> = { ...((rest.cookies as Record<string, string>) ?? {}) }
  if (s && bearer) headers.authorization = `Bearer ${s.token}`
  else if (s) {
    cookies.token = s.token
    cookies['XSRF-TOKEN'] = s.xsrf
    if (csrf) headers['x-xsrf-token'] = s.xsrf
  }
  return app.inject({ ...rest, headers, cookies } as InjectOptions)
}

/** Builds a multipart/form-data body by hand (fields and files), as a browser would send it. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; type: string; data: Buffer }> = {},
) {
  return encodeMultipart(
    fields,
    Object.entries(files).map(([field, f]) => ({ field, ...f })),
  )
}

/** multipart/form-data from fields and a list of files (one field may carry several, as a multiple picker sends). */
export function encodeMultipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[],
) {
  const boundary = `----microlance${crypto.randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A tiny but valid PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
