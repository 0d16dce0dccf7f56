import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'

export interface Mail {
  to: string
  subject: string
  text: string
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` on alert mail. */
  headers?: Record<string, string>
}
export interface Mailer {
  transport: 'console' | 'smtp'
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * `console` prints the mail as one log line (the "sent" toast says to look there, product.md §4); `smtp` delivers it
 * for real.
 */
export function createMailer(
  opts: { transport: 'console' | 'smtp'; smtpUrl?: string; from: string },
  log: FastifyBaseLogger,
): Mailer {
  if (opts.transport === 'console') {
    return {
      transport: 'console',
      send: async (m) => {
        log.info(`[mail] to=${m.to} | ${m.subject}`)
      },
      close: () => {},
    }
  }
  const t = nodemailer.createTransport(opts.smtpUrl!)
  return {
    transport: 'smtp',
    send: async (m) => {
      await t.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, headers: m.headers })
    },
    close: () => t.close(),
  }
}
