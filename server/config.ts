import { z } from 'zod'
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { gstStateCode, gstinMatchesState, isValidGstin } from '@common/tax-ids'

const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /** Prefix of every Redis key and channel; deployments sharing one Redis each need their own. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
      .default('microlance'),
    /** Whose X-Forwarded-For to believe: `loopback` (a proxy on the same host) or addresses/CIDRs, comma-separated. */
    TRUST_PROXY: z
      .string()
      .regex(/^[0-9A-Za-z.:/,\s]+$/, 'must be loopback or addresses/CIDRs separated by commas')
      .default('loopback'),
    PUBLIC_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** AES-256-GCM key for PAN, account numbers and UPI ids at rest (ADR 049); generated in DATA_DIR when unset. */
    DATA_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes), e.g. from `openssl rand -hex 32`')
      .optional(),
    MAIL_TRANSPORT: z.enum(['console', 'smtp']).default('console'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Microlance <no-reply@microlance.local>'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
    RAZORPAY_KEY_ID: z.string().optional(),
    RAZORPAY_KEY_SECRET: z.string().optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10000).default(0),
    /** Where the platform is registered for GST: the fee's GST is CGST + SGST for freelancers there (ADR 045). */
    PLATFORM_STATE: z
      .string()
      .refine(
        (s) => gstStateCode(s) !== undefined,
        'must be an Indian state or union territory, e.g. Karnataka',
      )
      .default('Karnataka'),
    /** The GST invoice numbers' prefix: `<prefix>/26-27/000042` stays within 16 characters (ADR 050). */
    INVOICE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9]{1,3}$/, 'must be 1-3 letters or digits')
      .default('ML'),
    /**
     * The platform on its GST invoices, receipts and statements (ADR 051). Unset GSTIN or TAN: placeholders that
     * cannot pass for real ones, and every document says it is not valid for tax (a sandbox).
     */
    PLATFORM_GSTIN: z
      .string()
      .refine(isValidGstin, 'must be a GSTIN: 15 characters with a matching check character')
      .optional(),
    PLATFORM_TAN: z
      .string()
      .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'must be a TAN: 4 letters, 5 digits, 1 letter')
      .optional(),
    PLATFORM_LEGAL_NAME: z.string().min(2).max(120).optional(),
    PLATFORM_ADDRESS: z.string().min(2).max(300).optional(),
    /** How often the payout sweep looks for transfers to make or retry, once across instances (ADR 050). */
    PAYOUT_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /** How often the job-alert sweep runs, once across instances; instant alerts go out within one period. */
    ALERT_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
    /** Hours in India (from-to, 0-23) when no alert mail goes out; held alerts leave when they end. Empty: none. */
    ALERT_QUIET_HOURS: z
      .string()
      .regex(/^(|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, 'must be from-to hours in India, e.g. 22-7, or empty')
      .default('22-7'),
    /** Most alert mails one person gets in an India day; more wait for the next day. */
    ALERT_MAX_PER_DAY: z.coerce.number().int().min(1).max(1000).default(10),
    /**
     * Tests only: `1` registers POST /api/v1/test/clock, which moves the shared clock every delivery, dispute and
     * review deadline reads (ADR 055). Never set it on a real deployment.
     */
    TEST_CLOCK: z.enum(['0', '1']).default('0'),
    /**
     * Days the client has to answer submitted work before it is released automatically (ADR 057). Decimals allowed
     * so tests can use seconds.
     */
    REVIEW_WINDOW_DAYS: z.coerce.number().positive().max(365).default(7),
    /** How often the review windows' sweep (reminders, auto-releases) runs, once across instances. */
    DELIVERY_SWEEP_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    /**
     * Days after a contract ends during which each side may review the other; reviews not yet seen become visible
     * when it passes (ADR 060). Decimals allowed so tests can use seconds.
     */
    REVIEW_DAYS: z.coerce.number().positive().max(365).default(14),
    /** Code requests and checks (send-otp, send-login-otp, verify-otp) per minute, per IP (ADR 020). */
    AUTH_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(20),
    /** Chat messages per minute per user, HTTP and socket together (ADR 020). */
    CHAT_SEND_PER_MIN: z.coerce.number().int().min(1).default(60),
    /** New posts per minute per user (ADR 020). */
    POST_CREATE_PER_MIN: z.coerce.number().int().min(1).default(10),
    /** New comments per minute per user (ADR 020). */
    COMMENT_CREATE_PER_MIN: z.coerce.number().int().min(1).default(30),
    /** Job applications per minute per user (ADR 020). */
    APPLY_PER_MIN: z.coerce.number().int().min(1).default(10),
    /** Upload requests (each up to 10 files) per minute per user (ADR 020). */
    UPLOAD_PER_MIN: z.coerce.number().int().min(1).default(30),
    OTP_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(100),
    /** How long public (signed-out) read answers may be served from memory; 0 turns the cache off (ADR 017). */
    READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** Broadcasts each instance keeps (~1 KB each) so a client dropped briefly gets what it missed: ~20 s at 2,500 a
     * second (ADR 033). */
    RECOVERY_LOG_SIZE: z.coerce.number().int().min(100).max(1_000_000).default(50_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
    NODE_ENV: z.string().default('production'),
    /** Directory of the built web app (default dist/web). */
    WEB_DIR: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.PLATFORM_GSTIN && !gstinMatchesState(c.PLATFORM_GSTIN, c.PLATFORM_STATE))
      ctx.addIssue({
        code: 'custom',
        path: ['PLATFORM_GSTIN'],
        message: 'must be registered in PLATFORM_STATE',
      })
    if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' })
    if (c.PAYMENT_PROVIDER === 'razorpay')
      for (const k of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const)
        if (!c[k])
          ctx.addIssue({ code: 'custom', path: [k], message: 'is required when PAYMENT_PROVIDER=razorpay' })
  })

export type RawConfig = z.infer<typeof ConfigSchema>
export interface Config extends RawConfig {
  SESSION_SECRET: string
  DATA_ENCRYPTION_KEY: string
  dataDir: string
  uploadsDir: string
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops start-up with one clear line per problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty setting is unset, except ALERT_QUIET_HOURS, where empty means "no quiet hours" (DECISIONS.md).
  const kept = (k: string, v: string | undefined) =>
    v !== undefined && (v !== '' || k === 'ALERT_QUIET_HOURS')
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([k, v]) => kept(k, v))),
  )
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  const dataDir = path.resolve(c.DATA_DIR)
  const uploadsDir = path.join(dataDir, 'uploads')
  fs.mkdirSync(uploadsDir, { recursive: true })
  const dataKey = c.DATA_ENCRYPTION_KEY ?? keptSecret(dataDir, 'data-encryption-key')
  if (!/^[0-9a-fA-F]{64}$/.test(dataKey))
    throw new ConfigError(
      `Invalid configuration:\n  DATA_ENCRYPTION_KEY: the key kept in ${path.join(dataDir, 'data-encryption-key')} must be 64 hex characters`,
    )
  return {
    ...c,
    SESSION_SECRET: c.SESSION_SECRET ?? keptSecret(dataDir, 'session-secret'),
    DATA_ENCRYPTION_KEY: dataKey.toLowerCase(),
    dataDir,
    uploadsDir,
  }
}

/** A random secret generated once and kept in DATA_DIR so sessions survive restarts. */
export function keptSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    // Written whole under another name, then linked into place: instances starting together on one DATA_DIR never
    // read a half-written file, and the first to link wins, so all of them keep the same secret.
    const secret = crypto.randomBytes(32).toString('hex')
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`
    fs.writeFileSync(draft, secret + '\n', { mode: 0o600 })
    try {
      fs.linkSync(draft, file)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    } finally {
      fs.rmSync(draft, { force: true })
    }
    return fs.readFileSync(file, 'utf8').trim()
  }
}
