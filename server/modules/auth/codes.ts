import crypto from 'node:crypto'
import { OTP } from '@common/limits'

/** A new emailed code: OTP.digits random digits, leading zeros kept. */
export const newCode = () => String(crypto.randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0')

/** A code just sent: no wrong attempts yet, and good for OTP.ttlMs from `sentAt`. */
export const freshCode = (sentAt: Date) => ({
  attempts: 0,
  expiresAt: new Date(sentAt.getTime() + OTP.ttlMs),
  sentAt,
})
