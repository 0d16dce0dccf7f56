import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One email as the sink received it, with its subject and text body decoded. */
export interface SinkMessage {
  id: number
  to: string[]
  from: string
  subject: string
  text: string
  receivedAt: number
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for the server's SMTP_URL. */
  smtpUrl: string
  /** `http://127.0.0.1:<port>`; `GET /messages?to=<email>&after=<epoch ms>` lists what arrived, oldest first. */
  httpUrl: string
  messages: SinkMessage[]
  close(): Promise<void>
}

const OTP_RE = /\b\d{6}\b/

/** The six-digit code in a message: the subject first (the server puts it there), else the body. */
export function extractOtp(message: Pick<SinkMessage, 'subject' | 'text'>): string | undefined {
  return (OTP_RE.exec(message.subject) ?? OTP_RE.exec(message.text))?.[0]
}

/**
 * Starts a real SMTP server on a free loopback port that keeps every message in memory, and a tiny HTTP
 * endpoint on another loopback port so test workers (other processes) can read them.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SinkMessage[] = []
  let nextId = 1

  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no TLS upgrade and no login, as a local relay would be.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('error', cb)
      stream.on('end', () => {
        try {
          const parsed = parseMessage(Buffer.concat(chunks).toString('latin1'))
          messages.push({
            id: nextId++,
            to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject,
            text: parsed.text,
            receivedAt: Date.now(),
          })
          cb()
        } catch (err) {
          cb(err as Error)
        }
      })
    },
  })
  smtp.on('error', (err) => console.error('[smtp-sink]', err))
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject)
    smtp.listen(0, '127.0.0.1', () => resolve())
  })
  const smtpPort = (smtp.server.address() as AddressInfo).port

  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    if (url.pathname !== '/messages') {
      res.writeHead(404).end()
      return
    }
    if (req.method === 'DELETE') {
      messages.length = 0
      res.writeHead(204).end()
      return
    }
    const to = url.searchParams.get('to')?.toLowerCase()
    const after = Number(url.searchParams.get('after') ?? 0)
    const list = messages.filter((m) => (!to || m.to.includes(to)) && m.receivedAt >= after)
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list))
  })
  await new Promise<void>((resolve, reject) => {
    web.once('error', reject)
    web.listen(0, '127.0.0.1', () => resolve())
  })
  const httpPort = (web.address() as AddressInfo).port

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    close: async () => {
      web.closeAllConnections()
      await Promise.all([
        new Promise<void>((r) => web.close(() => r())),
        new Promise<void>((r) => smtp.close(() => r())),
      ])
    },
  }
}

interface Part {
  headers: Map<string, string>
  body: string
}

/** Enough MIME to read what nodemailer sends: unfolded headers, encoded words, QP/base64, multipart. */
export function parseMessage(raw: string): { subject: string; text: string } {
  const top = splitPart(raw)
  return { subject: decodeWords(top.headers.get('subject') ?? ''), text: textOf(top) }
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n')
  const cut = normalized.indexOf('\n\n')
  const head = cut === -1 ? normalized : normalized.slice(0, cut)
  const body = cut === -1 ? '' : normalized.slice(cut + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function textOf(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1)
    const texts: string[] = []
    for (const piece of pieces) {
      if (piece.startsWith('--')) break
      texts.push(textOf(splitPart(piece.replace(/^\n/, ''))))
    }
    return texts.join('\n')
  }
  const charset = /charset="?([^";]+)"?/i.exec(type)?.[1] ?? 'utf-8'
  return decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit', charset)
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const enc = encoding.toLowerCase()
  let bytes: Buffer
  if (enc === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64')
  else if (enc === 'quoted-printable') bytes = qpBytes(body.replace(/=\n/g, ''))
  else bytes = Buffer.from(body, 'latin1')
  return toText(bytes, charset)
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_m, charset: string, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? toText(Buffer.from(data, 'base64'), charset)
        : toText(qpBytes(data.replace(/_/g, ' ')), charset),
    )
}

function qpBytes(s: string): Buffer {
  const out: number[] = []
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3)
    if (s[i] === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16))
      i += 2
    } else out.push(s.charCodeAt(i) & 0xff)
  }
  return Buffer.from(out)
}

function toText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes)
  } catch {
    return bytes.toString('utf8')
  }
}
