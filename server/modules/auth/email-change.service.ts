import { and, eq, ne } from 'drizzle-orm'
import { OTP } from '@common/limits'
import type { Db } from '../../db/client'
import { emailChanges, sessions, type UserRow } from '../../db/schema'
import { AppError, badRequest, conflict } from '../../errors'
import { hmac, safeEqual } from '../../lib/crypto'
import type { Outbox } from '../../mail/outbox'
import { usersRepo } from '../users/users.repo'
import type { CodeLimits, Requester } from './code-limits'
import { translate, type Params } from '../../i18n'
import { freshCode, newCode, wrongCode } from './codes'

const FAILED = 'Email change failed'

/** `neha.gupta@example.in` → `ne***@example.in`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`
}

/**
 * Changing the email an account signs in with (ADR 042). The new address must prove itself with a code mailed to
 * it; until then the old one stays and is told of the request. Confirming ends every other session of the account.
 */
export function emailChangeService(deps: {
  db: Db
  outbox: Outbox
  secret: string
  limits: CodeLimits
  now?: () => number
}) {
  const { db, outbox, secret, limits, now = Date.now } = deps
  const hashCode = (userId: string, email: string, code: string) =>
    hmac(secret, `email-change.${userId}.${email}.${code}`)
  // Limits count this account as the requester of codes for the new address, and the network as usual.
  const asRequester = (user: UserRow, r: Requester): Requester => {
    const key = `u:${user.id}`
    return { key, keys: [key], ip: r.ip, deviceHash: null, countByKey: true }
  }

  return {
    /** The address waiting for confirmation, or null. */
    async pending(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
        .from(emailChanges)
        .where(eq(emailChanges.userId, userId))
      return row && row.expiresAt.getTime() > now() ? row.newEmail : null
    },

    /** Mails a code to `newEmail` and a notice to the current address. The account's email does not change yet. */
    async start(user: UserRow, newEmail: string, r: Requester): Promise<string> {
      if (newEmail === user.email) throw badRequest('That is already your email', 'email_unchanged')
      const me = asRequester(user, r)
      await limits.checkSend(newEmail, me, false)
      const code = newCode()
      const sentAt = new Date(now())
      const row = {
        userId: user.id,
        newEmail,
        codeHash: hashCode(user.id, newEmail, code),
        ...freshCode(sentAt),
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(emailChanges)
          .values(row)
          .onConflictDoUpdate({ target: emailChanges.userId, set: row })
        await limits.recordSend(tx, newEmail, me, false, sentAt)
      })
      // Whether or not another account has this address, the answer and the mail are the same: confirming says so,
      // and only the address's owner can get that far.
      // Both in the account's language (ADR 069).
      const t = (key: string, params: Params) => translate(user.language, `emails.emailChange.${key}`, params)
      outbox.enqueue({
        to: newEmail,
        subject: t('codeSubject', { code }),
        text: t('codeText', { name: user.fullname, code }),
      })
      outbox.enqueue({
        to: user.email,
        subject: t('noticeSubject', {}),
        text: t('noticeText', { masked: maskEmail(newEmail) }),
      })
      return newEmail
    },

    /** Confirms the waiting change with its code; returns the updated user and the sessions it ended. */
    async confirm(
      user: UserRow,
      code: string,
      keepSessionHash: string | null,
    ): Promise<{ user: UserRow; ended: string[]; oldEmail: string }> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailChanges)
          .where(eq(emailChanges.userId, user.id))
          .for('update')
        if (!row)
          return {
            error: badRequest(
              'No email change is waiting. Change your email in Edit Profile first.',
              'no_email_change',
            ),
          }
        const locked = await limits.checkGuessing(tx, row.newEmail, false)
        if (locked) return { error: locked }
        if (row.attempts >= OTP.maxAttempts)
          return { error: badRequest(`${FAILED}: too many wrong tries. Request a new code.`, 'otp_locked') }
        if (row.expiresAt.getTime() <= now())
          return { error: badRequest(`${FAILED}: the code has expired. Request a new code.`, 'otp_expired') }
        if (!safeEqual(row.codeHash, hashCode(user.id, row.newEmail, code))) {
          await tx
            .update(emailChanges)
            .set({ attempts: row.attempts + 1 })
            .where(eq(emailChanges.userId, user.id))
          await limits.recordFailure(tx, row.newEmail, `u:${user.id}`, false)
          const left = OTP.maxAttempts - row.attempts - 1
          return { error: wrongCode(FAILED, left) }
        }
        await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id))
        const other = await usersRepo.byEmail(tx, row.newEmail)
        if (other && other.id !== user.id)
          return { error: conflict('That email is already used by another account', 'email_taken') }
        let updated: UserRow
        try {
          updated = await usersRepo.update(tx, user.id, { email: row.newEmail })
        } catch (e: any) {
          if (e?.code === '23505' || e?.cause?.code === '23505')
            return { error: conflict('That email is already used by another account', 'email_taken') }
          throw e
        }
        await limits.clearFailures(tx, row.newEmail)
        // Every other session ends: whoever else was signed in (perhaps the reason for the change) is out.
        const ended = await tx
          .delete(sessions)
          .where(
            keepSessionHash
              ? and(eq(sessions.userId, user.id), ne(sessions.tokenHash, keepSessionHash))
              : eq(sessions.userId, user.id),
          )
          .returning({ tokenHash: sessions.tokenHash })
        return { user: updated, ended: ended.map((s) => s.tokenHash) }
      })
      if ('error' in outcome) throw outcome.error as AppError
      outbox.enqueue({
        to: user.email,
        subject: translate(user.language, 'emails.emailChange.doneSubject'),
        text: translate(user.language, 'emails.emailChange.doneText', {
          masked: maskEmail(outcome.user.email),
        }),
      })
      return { ...outcome, oldEmail: user.email }
    },

    async cancel(user: UserRow): Promise<void> {
      await db.delete(emailChanges).where(eq(emailChanges.userId, user.id))
    },
  }
}
export type EmailChangeService = ReturnType<typeof emailChangeService>
