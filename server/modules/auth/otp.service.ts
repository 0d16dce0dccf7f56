import crypto from 'node:crypto'
import { and, count, eq, gt, inArray, min, sql } from 'drizzle-orm'
import { OTP } from '../../../common/limits'
import type { SelfRole } from '../../../common/roles'
import type { Db } from '../../db/client'
import { otpCodes, otpSends, type UserRow } from '../../db/schema'
import { AppError, badRequest, conflict, tooMany } from '../../errors'
import { hmac, safeEqual, shortId } from '../../lib/crypto'
import type { Mailer } from '../../mail/mailer'
import { usersRepo } from '../users/users.repo'

type Purpose = 'signup' | 'login'
const FAILED = 'OTP verification failed'

export interface OtpDeps {
  db: Db
  mailer: Mailer
  secret: string
  /** Codes one IP may request an hour, across emails (carrier NAT puts many people behind one IP). */
  ipHourlyLimit: number
  now?: () => number
}

/** One-time codes: 6 digits, HMAC-stored, 10 min, 5 tries, 30 s between sends, 5 an hour per email. */
export function otpService({ db, mailer, secret, ipHourlyLimit, now = Date.now }: OtpDeps) {
  const hashCode = (email: string, purpose: Purpose, code: string) =>
    hmac(secret, `otp.${purpose}.${email}.${code}`)
  const sentMessage =
    mailer.transport === 'console'
      ? 'OTP sent! Check the server console for your code.'
      : 'OTP sent! Check your email for the code.'

  async function checkLimits(email: string, ip: string) {
    const t = now()
    const hourAgo = new Date(t - 60 * 60 * 1000)
    const [byEmail] = await db
      .select({ n: count(), first: min(otpSends.sentAt), last: sql<string>`max(${otpSends.sentAt})` })
      .from(otpSends)
      .where(and(eq(otpSends.email, email), gt(otpSends.sentAt, hourAgo)))
    if (byEmail.last) {
      const wait = OTP.resendAfterMs - (t - new Date(byEmail.last).getTime())
      if (wait > 0)
        throw tooMany(
          `Please wait ${Math.ceil(wait / 1000)} seconds before requesting another code.`,
          wait / 1000,
          'otp_resend_too_soon',
        )
    }
    if (byEmail.n >= OTP.maxSendsPerHour) {
      const retry = (new Date(byEmail.first!).getTime() + 3600_000 - t) / 1000
      throw tooMany(
        'Too many codes requested for this email. Please try again later.',
        retry,
        'otp_hourly_limit',
      )
    }
    const [byIp] = await db
      .select({ n: count(), first: min(otpSends.sentAt) })
      .from(otpSends)
      .where(and(eq(otpSends.ip, ip), gt(otpSends.sentAt, hourAgo)))
    if (byIp.n >= ipHourlyLimit) {
      const retry = (new Date(byIp.first!).getTime() + 3600_000 - t) / 1000
      throw tooMany(
        'Too many codes requested from this network. Please try again later.',
        retry,
        'otp_ip_limit',
      )
    }
  }

  async function issue(
    email: string,
    purpose: Purpose,
    ip: string,
    extra: { fullname?: string; role?: string },
    deliver: boolean,
  ) {
    await checkLimits(email, ip)
    const code = String(crypto.randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0')
    const sentAt = new Date(now())
    const row = {
      email,
      purpose,
      codeHash: hashCode(email, purpose, code),
      fullname: extra.fullname ?? null,
      role: extra.role ?? null,
      attempts: 0,
      expiresAt: new Date(sentAt.getTime() + OTP.ttlMs),
      sentAt,
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(otpCodes)
        .values(row)
        .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose], set: row })
      await tx.insert(otpSends).values({ email, ip, sentAt })
    })
    if (deliver) {
      const what = purpose === 'signup' ? 'sign-up' : 'sign-in'
      try {
        await mailer.send({
          to: email,
          subject: `Your Microlance ${what} code is ${code}`,
          text: `Your Microlance ${what} code is ${code}.\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this email.`,
        })
      } catch (e) {
        // A code that never left costs the person nothing: not the 30 s wait, not one of the hour's five sends.
        await db.transaction(async (tx) => {
          await tx
            .delete(otpSends)
            .where(and(eq(otpSends.email, email), eq(otpSends.ip, ip), eq(otpSends.sentAt, sentAt)))
          await tx
            .delete(otpCodes)
            .where(
              and(
                eq(otpCodes.email, email),
                eq(otpCodes.purpose, purpose),
                eq(otpCodes.codeHash, row.codeHash),
              ),
            )
        })
        throw Object.assign(
          new AppError(
            503,
            'mail_failed',
            'We could not send the code just now. Please try again in a minute.',
          ),
          { cause: e },
        )
      }
    }
  }

  return {
    /** Signup: refuses an email that already has an account (409). */
    async sendSignup(email: string, fullname: string, role: SelfRole | undefined, ip: string) {
      if (await usersRepo.byEmail(db, email))
        throw conflict('An account with this email already exists. Please log in.', 'email_taken')
      await issue(email, 'signup', ip, { fullname, role: role ?? 'freelancer' }, true)
      return sentMessage
    },
    /** Login: answers the same whether or not the account exists; only real accounts get an email. */
    async sendLogin(email: string, ip: string) {
      const user = await usersRepo.byEmail(db, email)
      await issue(email, 'login', ip, {}, !!user)
      return sentMessage
    },
    /** Checks a code and returns the signed-in (or newly created) user. */
    async verify(email: string, code: string): Promise<{ user: UserRow; created: boolean }> {
      const outcome = await db.transaction(async (tx) => {
        // A sign-up code and a sign-in code can both be pending for one email (someone may ask for a sign-in
        // code after a sign-up one, or another person may ask for one for this email): either may be the one typed.
        const rows = await tx
          .select()
          .from(otpCodes)
          .where(eq(otpCodes.email, email))
          .orderBy(sql`${otpCodes.sentAt} desc`)
          .for('update')
        if (!rows.length) return { error: badRequest(FAILED, 'otp_invalid') }
        const t = now()
        const live = rows.filter((r) => r.attempts < OTP.maxAttempts && r.expiresAt.getTime() > t)
        if (!live.length) {
          // Say why the newest code no longer works.
          return rows[0].attempts >= OTP.maxAttempts
            ? { error: badRequest(`${FAILED}: too many wrong tries. Request a new code.`, 'otp_locked') }
            : { error: badRequest(`${FAILED}: the code has expired. Request a new code.`, 'otp_expired') }
        }
        const row = live.find((r) => safeEqual(r.codeHash, hashCode(email, r.purpose, code)))
        if (!row) {
          // A wrong try counts against every code it could have been.
          const purposes = live.map((r) => r.purpose)
          await tx
            .update(otpCodes)
            .set({ attempts: sql`${otpCodes.attempts} + 1` })
            .where(and(eq(otpCodes.email, email), inArray(otpCodes.purpose, purposes)))
          const attempts = Math.max(...live.map((r) => r.attempts)) + 1
          const left = OTP.maxAttempts - attempts
          return {
            error: badRequest(
              left > 0
                ? `${FAILED}: wrong code, ${left} ${left === 1 ? 'try' : 'tries'} left.`
                : `${FAILED}: too many wrong tries. Request a new code.`,
              left > 0 ? 'otp_invalid' : 'otp_locked',
            ),
          }
        }
        await tx.delete(otpCodes).where(eq(otpCodes.email, email))
        if (row.purpose === 'login') {
          const user = await usersRepo.byEmail(tx, email)
          return user ? { user, created: false } : { error: badRequest(FAILED, 'otp_invalid') }
        }
        const existing = await usersRepo.byEmail(tx, email)
        if (existing) return { user: existing, created: false }
        const user = await usersRepo.insert(tx, {
          email,
          fullname: row.fullname ?? email.split('@')[0],
          role: (row.role as SelfRole | null) ?? 'freelancer',
          userId: shortId(),
          username: await freeUsername(tx, email),
        })
        return { user, created: true }
      })
      // A failed attempt's counter must be committed, so the error is thrown after the transaction.
      if ('error' in outcome) throw outcome.error as AppError
      return outcome
    },
  }
}

async function freeUsername(
  db: Parameters<typeof usersRepo.usernameTaken>[0],
  email: string,
): Promise<string> {
  const base =
    email
      .split('@')[0]
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 20) || 'user'
  if (!(await usersRepo.usernameTaken(db, base))) return base
  for (;;) {
    const candidate = `${base}${crypto.randomInt(1000, 99999)}`
    if (!(await usersRepo.usernameTaken(db, candidate))) return candidate
  }
}
