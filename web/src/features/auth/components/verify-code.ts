import { toast } from 'sonner'
import type { User } from '@common/schemas/user'
import { authStore } from '@/lib/auth'
import { toastError } from '@/lib/toast-error'
import { verifyOtp } from '../api/verify-otp'

/**
 * The verify step both forms share (spec §4/§5/§8): 'Enter OTP first' on an empty code, then verify-otp; on success
 * the session is stored and `onSuccess` runs, on failure the server's message (else 'OTP verification failed').
 */
export async function verifyCode(opts: {
  email: string
  otp: string
  toastMs: number
  successText: string
  successMs: number
  setVerifying: (on: boolean) => void
  onSuccess: (user: User) => void
}) {
  const otp = opts.otp.trim()
  if (!otp) {
    toast.error('Enter OTP first', { duration: opts.toastMs })
    return
  }
  opts.setVerifying(true)
  authStore.setLoading(true)
  try {
    const answer = await verifyOtp({ email: opts.email.trim(), otp })
    if (!answer.success || !answer.data) {
      toast.error(answer.message || 'OTP verification failed', { duration: opts.toastMs })
      return
    }
    authStore.signIn(answer.data, answer.token ?? '')
    toast.success(opts.successText, { duration: opts.successMs })
    opts.onSuccess(answer.data)
  } catch (error) {
    toastError(error, 'OTP verification failed', { duration: opts.toastMs })
  } finally {
    opts.setVerifying(false)
    authStore.setLoading(false)
  }
}
