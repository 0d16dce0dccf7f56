import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { OTP } from '@common/limits'
import type { SelfRole } from '@common/roles'
import type { Db, Executor } from '../../db/client'
import { otpCodes, type UserRow } from '../../db/schema'
import { AppError, badRequest } from '../../errors'
import { hmac, safeEqual, shortId } from '../../lib/crypto'
import type { Mail, Mailer } from '../../mail/mailer'
import type { Outbox } from '../../mail/outbox'
import type { CodeLimits, Requester } from './code-limits'
import { freshCode, newCode, wrongCode } from './codes'
import { usersRepo } from '../users/users.repo'
import type { Language } from '@common/languages'
import { translate } from '../../i18n'

type Purpose = 'signup' | 'login'
const FAILED = 'OTP verification failed'

export interface OtpDeps {
  db: Db
  outbox: Outbox
  transport: Mailer['transport']
  secret: string
  limits: CodeLimits
  now?: () => number
}

/**
 * One-time codes (ADR 042): 6 digits, HMAC-stored, 10 min, 5 tries, bound to the requester that asked for them and
 * to the account they sign into. Sends and wrong tries are limited per address and requester, and per address only
 * for browsers that have never signed in to it. Answers are alike whether or not the address has an account: the
 * mail leaves through the outbox, after the answer.
 */
export function otpService({ db, outbox, transport, secret, limits, now = Date.now }: OtpDeps) {
  const hashCode = (email: string, purpose: Purpose, code: string) =>
    hmac(secret, `otp.${purpose}.${email}.${code}`)
  const sentMessage =
    transport === 'console'
      ? 'OTP sent! Check the server console for your code.'
      : 'OTP sent! Check your email for the code.'

  async function issue(
    email: string,
    purpose: Purpose,
    r: Requester,
    extra: { fullname?: string; role?: string; userId: string | null },
    mail: ((code: string) => Mail) | null,
  ) {
    const known = await limits.isKnown(email, r)
    await limits.checkSend(email, r, known)
    const code = newCode()
    const sentAt = new Date(now())
    const row = {
      email,
      purpose,
      requester: r.key,
      userId: extra.userId,
      codeHash: hashCode(email, purpose, code),
      fullname: extra.fullname ?? null,
      role: extra.role ?? null,
      ...freshCode(sentAt),
    }
    await db.transaction(async (tx) => {
      await tx
        .insert(otpCodes)
        .values(row)
        .onConflictDoUpdate({ target: [otpCodes.email, otpCodes.purpose, otpCodes.requester], set: row })
      await limits.recordSend(tx, email, r, known, sentAt)
    })
    if (mail) outbox.enqueue(mail(code))
  }

  /** Mail in the reader's language (ADR 069): an account's own, else the language of the request that asked. */
  const signInMail = (email: string, code: string, existing: boolean, language: Language): Mail => ({
    to: email,
    subject: translate(language, 'emails.otp.signInSubject', { code }),
    text: translate(language, 'emails.otp.signInText', {
      code,
      intro: existing ? translate(language, 'emails.otp.existingIntro') : '',
    }),
  })

  return {
    /**
     * Signup. For an address that already has an account the answer is the same; the address is mailed a sign-in
     * code that says so, and that code signs its owner in.
     */
    async sendSignup(
      email: string,
      fullname: string,
      role: SelfRole | undefined,
      r: Requester,
      language: Language = 'en-IN',
    ) {
      const user = await usersRepo.byEmail(db, email)
      if (user) {
        await issue(email, 'login', r, { userId: user.id }, (code) =>
          signInMail(email, code, true, user.language),
        )
      } else {
        await issue(email, 'signup', r, { fullname, role: role ?? 'freelancer', userId: null }, (code) => ({
          to: email,
          subject: translate(language, 'emails.otp.signUpSubject', { code }),
          text: translate(language, 'emails.otp.signUpText', { code }),
        }))
      }
      return sentMessage
    },
    /** Login: answers the same whether or not the account exists; only real accounts get an email. */
    async sendLogin(email: string, r: Requester) {
      // A code goes to an existing account only, in that account's language.
      const user = await usersRepo.byEmail(db, email)
      await issue(
        email,
        'login',
        r,
        { userId: user?.id ?? null },
        user ? (code) => signInMail(email, code, false, user.language) : null,
      )
      return sentMessage
    },
    /** Checks a code and returns the signed-in (or newly created) user. */
    async verify(email: string, code: string, r: Requester): Promise<{ user: UserRow; created: boolean }> {
      const known = await limits.isKnown(email, r)
      const outcome = await db.transaction(async (tx) => {
        const locked = await limits.checkGuessing(tx, email, known)
        if (locked) return { error: locked }
        // This requester's codes only: a stranger's guesses never reach (or use up) the owner's code. A sign-up code
        // and a sign-in code may both be pending; either may be the one typed.
        const rows = await tx
          .select()
          .from(otpCodes)
          .where(and(eq(otpCodes.email, email), inArray(otpCodes.requester, r.keys)))
          .orderBy(sql`${otpCodes.sentAt} desc`)
          .for('update')
        if (!rows.length) return { error: badRequest(FAILED, 'otp_invalid') }
        const t = now()
        const live = rows.filter((x) => x.attempts < OTP.maxAttempts && x.expiresAt.getTime() > t)
        if (!live.length) {
          // Say why the newest code no longer works.
          return rows[0].attempts >= OTP.maxAttempts
            ? { error: badRequest(`${FAILED}: too many wrong tries. Request a new code.`, 'otp_locked') }
            : { error: badRequest(`${FAILED}: the code has expired. Request a new code.`, 'otp_expired') }
        }
        const row = live.find((x) => safeEqual(x.codeHash, hashCode(email, x.purpose, code)))
        if (!row) {
          // A wrong try counts against every code it could have been, and once against the address.
          for (const x of live)
            await tx
              .update(otpCodes)
              .set({ attempts: sql`${otpCodes.attempts} + 1` })
              .where(
                and(
                  eq(otpCodes.email, email),
                  eq(otpCodes.purpose, x.purpose),
                  eq(otpCodes.requester, x.requester),
                ),
              )
          await limits.recordFailure(tx, email, r.key, known)
          const attempts = Math.max(...live.map((x) => x.attempts)) + 1
          const left = OTP.maxAttempts - attempts
          return { error: wrongCode(FAILED, left) }
        }
        const signedIn = await accountFor(tx, email, row)
        if (!signedIn) {
          await tx
            .delete(otpCodes)
            .where(
              and(
                eq(otpCodes.email, email),
                eq(otpCodes.purpose, row.purpose),
                eq(otpCodes.requester, row.requester),
              ),
            )
          return { error: badRequest(FAILED, 'otp_invalid') }
        }
        await tx.delete(otpCodes).where(eq(otpCodes.email, email))
        await limits.clearFailures(tx, email)
        await limits.rememberDevice(tx, signedIn.user.id, r)
        return signedIn
      })
      // A failed attempt's counter must be committed, so the error is thrown after the transaction.
      if ('error' in outcome) throw outcome.error as AppError
      return outcome
    },
  }

  /**
   * The account a right code yields: the one it was sent for, if the address is still that account's; a new one for
   * a sign-up code, if nobody has claimed the address since. Never an account that took the address later.
   */
  async function accountFor(
    tx: Executor,
    email: string,
    row: typeof otpCodes.$inferSelect,
  ): Promise<{ user: UserRow; created: boolean } | null> {
    if (row.userId) {
      const user = await usersRepo.byId(tx, row.userId)
      return user && user.email === email ? { user, created: false } : null
    }
    if (row.purpose === 'login') return null
    if (await usersRepo.byEmail(tx, email)) return null
    const user = await usersRepo.insert(tx, {
      email,
      fullname: row.fullname ?? email.split('@')[0],
      role: (row.role as SelfRole | null) ?? 'freelancer',
      userId: shortId(),
      username: await freeUsername(tx, email),
    })
    return { user, created: true }
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
