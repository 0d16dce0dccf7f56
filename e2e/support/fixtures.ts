import { test as base, expect } from '@playwright/test'
import crypto from 'node:crypto'
import { extractOtp, type SinkMessage } from './smtp-sink'

const OTP_WAIT_MS = 10_000

/** A fresh address no other test (or earlier run) has used. */
export function uniqueEmail(prefix = 'user'): string {
  const tag = `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`
  return `${prefix.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${tag}@example.com`
}

/** Every message the SMTP sink holds for `email`, oldest first (optionally only those received at or after `after`). */
export async function sinkMessages(email: string, after = 0): Promise<SinkMessage[]> {
  const sink = process.env.MAIL_SINK_URL
  if (!sink)
    throw new Error('MAIL_SINK_URL is not set: run the specs through playwright.config.ts (its globalSetup).')
  const url = `${sink}/messages?to=${encodeURIComponent(email)}&after=${after}`
  const res = await fetch(url)
  if (!res.ok) throw new Error(`SMTP sink answered ${res.status} for ${url}`)
  return (await res.json()) as SinkMessage[]
}

/**
 * The one-time code in the newest email to `email`, polling the sink for up to 10 s.
 * Pass `after` (epoch ms, e.g. `Date.now()` taken before clicking "resend") to wait for a newer message.
 */
export async function getOtp(
  email: string,
  opts: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? OTP_WAIT_MS)
  for (;;) {
    const newest = (await sinkMessages(email, opts.after)).at(-1)
    const code = newest && extractOtp(newest)
    if (code) return code
    if (Date.now() > deadline) {
      throw new Error(
        newest
          ? `The newest email to ${email} has no 6-digit code: ${JSON.stringify(newest.subject)}`
          : `No email to ${email} reached the SMTP sink within ${(opts.timeoutMs ?? OTP_WAIT_MS) / 1000} s`,
      )
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

interface Helpers {
  getOtp: typeof getOtp
  uniqueEmail: typeof uniqueEmail
}

/** Playwright's `test` with the email helpers as fixtures (baseURL comes from the config). */
export const test = base.extend<Helpers>({
  // eslint-disable-next-line no-empty-pattern
  getOtp: async ({}, use) => use(getOtp),
  // eslint-disable-next-line no-empty-pattern
  uniqueEmail: async ({}, use) => use(uniqueEmail),
})

export { expect }
