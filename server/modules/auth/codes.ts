import crypto from 'node:crypto'
import { OTP } from '@common/limits'
import { badRequest } from '../../errors'

/** A new emailed code: OTP.digits random digits, leading zeros kept. */
export const newCode = () => String(crypto.randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0')

/** A code just sent: no wrong attempts yet, and good for OTP.ttlMs from `sentAt`. */
export const freshCode = (sentAt: Date) => ({
  attempts: 0,
  expiresAt: new Date(sentAt.getTime() + OTP.ttlMs),
  sentAt,
})

/** The answer to a wrong code: how many tries are `left`, or that the code is used up. `failed` leads the message. */
export const wrongCode = (failed: string, left: number) =>
  badRequest(
    left > 0
      ? `${failed}: wrong code, ${left} ${left === 1 ? 'try' : 'tries'} left.`
      : `${failed}: too many wrong tries. Request a new code.`,
    left > 0 ? 'otp_invalid' : 'otp_locked',
  )
