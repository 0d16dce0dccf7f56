import crypto from 'node:crypto'
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm'
import { OTP } from '@common/limits'
import type { Db, Executor } from '../../db/client'
import { knownDevices, otpFailures, otpSends, users } from '../../db/schema'
import { tooMany } from '../../errors'
import { sha256 } from '../../lib/crypto'

/**
 * Who asked for a code (ADR 042): a browser, known by its `device` cookie, or — for a client that keeps no cookies —
 * its network address. Limits and wrong tries are counted per address *and* requester, so what a stranger does
 * uses up only the stranger's own allowance.
 */
export interface Requester {
  /** `d:<sha-256 of the device id>` or `ip:<address>`. */
  key: string
  /** Keys a code sent to this requester may have been bound to (a browser's first send had no cookie yet). */
  keys: string[]
  ip: string
  deviceHash: string | null
  /** Counted by `key` even when not known to the account (a signed-in account asking for an email change). */
  countByKey?: boolean
}

const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/

/** A random device id for a browser's `device` cookie. */
export const newDeviceId = () => crypto.randomBytes(24).toString('base64url')
export const validDeviceId = (id: unknown): id is string => typeof id === 'string' && DEVICE_ID.test(id)

export function requesterOf(ip: string, deviceId: string | null): Requester {
  const ipKey = `ip:${ip}`
  if (!deviceId) return { key: ipKey, keys: [ipKey], ip, deviceHash: null }
  const deviceHash = sha256(`device.${deviceId}`)
  const key = `d:${deviceHash}`
  return { key, keys: [key, ipKey], ip, deviceHash }
}

/**
 * Sends are counted per browser only for a browser known to the account: anyone can drop or make up a cookie, so
 * the others are counted by their network.
 */
const sendKey = (r: Requester, known: boolean) => (known || r.countByKey ? r.key : `ip:${r.ip}`)

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

const retryAfter = (first: Date | string | null, windowMs: number, t: number) =>
  Math.max(1, (new Date(first!).getTime() + windowMs - t) / 1000)

export function codeLimits(deps: { db: Db; ipHourlyLimit: number; now: () => number }) {
  const { db, ipHourlyLimit, now } = deps

  return {
    /**
     * Whether this browser has signed in to the account that `email` belongs to. One query whether or not there is
     * such an account, so the answer takes the same time either way.
     */
    async isKnown(email: string, r: Requester): Promise<boolean> {
      if (!r.deviceHash) return false
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(knownDevices)
        .innerJoin(users, eq(users.id, knownDevices.userId))
        .where(and(eq(users.email, email), eq(knownDevices.deviceHash, r.deviceHash)))
        .limit(1)
      return rows.length > 0
    },

    async rememberDevice(tx: Executor, userId: string, r: Requester) {
      if (!r.deviceHash) return
      await tx
        .insert(knownDevices)
        .values({ userId, deviceHash: r.deviceHash })
        .onConflictDoUpdate({
          target: [knownDevices.userId, knownDevices.deviceHash],
          set: { lastSeen: new Date(now()) },
        })
    },

    /** Refuses a send (429) that would pass one of the limits; says which and for how long. */
    async checkSend(email: string, r: Requester, known: boolean) {
      const key = sendKey(r, known)
      const t = now()
      const hourAgo = new Date(t - HOUR)
      const [mine] = await db
        .select({ n: count(), first: min(otpSends.sentAt), last: sql<string>`max(${otpSends.sentAt})` })
        .from(otpSends)
        .where(and(eq(otpSends.email, email), eq(otpSends.requester, key), gt(otpSends.sentAt, hourAgo)))
      if (mine.last) {
        const wait = OTP.resendAfterMs - (t - new Date(mine.last).getTime())
        if (wait > 0)
          throw tooMany(
            `Please wait ${Math.ceil(wait / 1000)} seconds before requesting another code.`,
            wait / 1000,
            'otp_resend_too_soon',
          )
      }
      if (mine.n >= OTP.maxSendsPerHour)
        throw tooMany(
          'Too many codes requested for this email. Please try again later.',
          retryAfter(mine.first, HOUR, t),
          'otp_hourly_limit',
        )
      if (!known) {
        // The address's own cap counts only browsers that have not signed in to it: a stranger can cause at most
        // this much mail, and the owner's own browser is never refused by it.
        const [all] = await db
          .select({ n: count(), first: min(otpSends.sentAt) })
          .from(otpSends)
          .where(and(eq(otpSends.email, email), eq(otpSends.known, false), gt(otpSends.sentAt, hourAgo)))
        if (all.n >= OTP.maxAddressSendsPerHour)
          throw tooMany(
            'Too many codes have been asked for this email from other browsers. Try again later, or from a browser you have signed in with before.',
            retryAfter(all.first, HOUR, t),
            'otp_address_limit',
          )
      }
      const [byIp] = await db
        .select({ n: count(), first: min(otpSends.sentAt) })
        .from(otpSends)
        .where(and(eq(otpSends.ip, r.ip), gt(otpSends.sentAt, hourAgo)))
      if (byIp.n >= ipHourlyLimit)
        throw tooMany(
          'Too many codes requested from this network. Please try again later.',
          retryAfter(byIp.first, HOUR, t),
          'otp_ip_limit',
        )
    },

    async recordSend(tx: Executor, email: string, r: Requester, known: boolean, sentAt: Date) {
      await tx.insert(otpSends).values({ email, ip: r.ip, requester: sendKey(r, known), known, sentAt })
      // Rows older than any window are of no more use.
      await tx
        .delete(otpSends)
        .where(and(eq(otpSends.email, email), lt(otpSends.sentAt, new Date(sentAt.getTime() - DAY))))
    },

    /**
     * Refuses (429) a code check once `email` has had 100 wrong codes in 24 hours from browsers that have not
     * signed in to it — checked before the code is looked at, so the 101st guess tells nothing.
     */
    async checkGuessing(tx: Executor, email: string, known: boolean) {
      if (known) return
      const t = now()
      const [f] = await tx
        .select({ n: count(), first: min(otpFailures.at) })
        .from(otpFailures)
        .where(
          and(
            eq(otpFailures.email, email),
            eq(otpFailures.known, false),
            gt(otpFailures.at, new Date(t - DAY)),
          ),
        )
      if (f.n >= OTP.maxAddressFailuresPerDay)
        return tooMany(
          'Too many wrong codes have been tried for this email. Sign in from a browser you have used before, or try again later.',
          retryAfter(f.first, DAY, t),
          'otp_address_locked',
        )
      return null
    },

    async recordFailure(tx: Executor, email: string, requesterKey: string, known: boolean) {
      await tx.insert(otpFailures).values({ email, requester: requesterKey, known, at: new Date(now()) })
    },

    /** A right code ends the run of failures (NIST counts consecutive ones). */
    async clearFailures(tx: Executor, email: string) {
      await tx.delete(otpFailures).where(eq(otpFailures.email, email))
    },
  }
}
export type CodeLimits = ReturnType<typeof codeLimits>
