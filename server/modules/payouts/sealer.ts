import crypto from 'node:crypto'

/**
 * Seals short secrets (PAN, GSTIN, account numbers, UPI ids) with AES-256-GCM under DATA_ENCRYPTION_KEY (ADR 049):
 * `v1.<iv>.<tag>.<ciphertext>`, base64url, a fresh 12-byte IV each time. `aad` binds a value to its owner and field,
 * so a sealed PAN copied to another row or column does not open.
 */
export interface Sealer {
  seal(plain: string, aad: string): string
  open(sealed: string, aad: string): string
}

export function createSealer(hexKey: string): Sealer {
  const key = Buffer.from(hexKey, 'hex')
  if (key.length !== 32) throw new RangeError('DATA_ENCRYPTION_KEY must be 32 bytes (64 hex characters)')
  return {
    seal(plain, aad) {
      const iv = crypto.randomBytes(12)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(aad, 'utf8'))
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const parts = [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64url'))
      return `v1.${parts.join('.')}`
    },
    open(sealed, aad) {
      const [v, iv, tag, ct] = sealed.split('.')
      if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Not a sealed value')
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(aad, 'utf8'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
