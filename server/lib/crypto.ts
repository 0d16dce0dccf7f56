import crypto from 'node:crypto'

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')
export const hmac = (secret: string, s: string) => crypto.createHmac('sha256', secret).update(s).digest('hex')
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url')

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a)
  const bb = Buffer.from(b)
  if (ab.length !== bb.length) {
    crypto.timingSafeEqual(ab, ab)
    return false
  }
  return crypto.timingSafeEqual(ab, bb)
}

/** A short public handle: 8 characters of base36. */
export function shortId(len = 8): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'
  let out = ''
  for (let i = 0; i < len; i++) out += alphabet[crypto.randomInt(alphabet.length)]
  return out
}
