import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { parseMessage } from '../../e2e/support/smtp-sink'

export interface SinkMail {
  to: string[]
  raw: string
}

/** A real SMTP server on loopback that keeps what it receives, so tests read codes as a person would. */
export async function startSmtpSink(opts: { delayMs?: number } = {}) {
  const mails: SinkMail[] = []
  // While set, every message is refused as a mail server that is down for a while would (451).
  let refusing = false
  // While set, each message is taken in but not answered, as a slow mail server would; `hold(false)` answers them.
  let holding = false
  let held: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (refusing)
        return cb(Object.assign(new Error('Requested action aborted: local error'), { responseCode: 451 }))
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const accept = () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          cb()
        }
        if (holding) held.push(accept)
        else if (opts.delayMs) setTimeout(accept, opts.delayMs)
        else accept()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The 6-digit code from the newest mail to `email` (its subject carries it, in any language). */
    lastCode(email: string): string | null {
      for (let i = mails.length - 1; i >= 0; i--) {
        if (!mails[i].to.includes(email.toLowerCase())) continue
        const m = /\b(\d{6})\b/.exec(parseMessage(mails[i].raw).subject)
        return m ? m[1] : null
      }
      return null
    },
    /** The newest mail to `email` with its subject and text decoded (encoded words, quoted-printable, base64). */
    lastTo(email: string): { subject: string; text: string } | null {
      for (let i = mails.length - 1; i >= 0; i--)
        if (mails[i].to.includes(email.toLowerCase())) return parseMessage(mails[i].raw)
      return null
    },
    countTo: (email: string) => mails.filter((m) => m.to.includes(email.toLowerCase())).length,
    /** Makes the server hold every message unanswered (or answer the held ones and take mail at once again). */
    hold(on: boolean) {
      holding = on
      if (!on) {
        const h = held
        held = []
        for (const f of h) f()
      }
    },
    /** How many messages wait unanswered. */
    heldCount: () => held.length,
    /** Makes the server refuse (or take again) every message. */
    refuse(on: boolean) {
      refusing = on
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
