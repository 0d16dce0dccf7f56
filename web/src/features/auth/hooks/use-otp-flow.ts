import { useEffect, useState, type FormEvent } from 'react'
import { toast, type ExternalToast } from 'sonner'
import { OTP } from '@common/limits'
import type { User } from '@common/schemas/user'
import { authStore, useAuth } from '@/lib/auth'
import { retryAfterSeconds } from '@/lib/errors'
import { useServerConfig } from '@/lib/server-config'
import { toastError } from '@/lib/toast-error'
import type { MessageAnswer } from '../api/send-otp'
import { verifyOtp } from '../api/verify-otp'

/**
 * The two-step code flow login and signup share (product.md §4, §15): send a code to an email, then verify it. It
 * owns the step, the email the code went to, the code typed, the resend cooldown, and the toasts of both requests;
 * each form checks its own fields and says which request sends the code.
 */
export function useOtpFlow(opts: {
  /** How long this form's toasts stay. */
  toastMs: number
  successText: string
  successMs: number
  onSuccess: (user: User) => void
}) {
  const { loading } = useAuth()
  const [step, setStep] = useState<'details' | 'code'>('details')
  const [email, setEmail] = useState('')
  const [otp, setOtp] = useState('')
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null)
  const [resendAt, setResendAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const config = useServerConfig()
  // True unless the server says it mails codes for real; then the code is in the server console (product.md §4).
  const consoleMail = config.data?.mailTransport !== 'smtp'

  useEffect(() => {
    if (resendAt <= Date.now()) return
    const timer = window.setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= resendAt) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [resendAt])

  /** The server refused a resend (429), or a code was just sent: count down before another may be asked. */
  const holdResend = (ms: number) => {
    const t = Date.now()
    setNow(t)
    setResendAt(t + ms)
  }

  /**
   * Sends a code to `to` (already checked by the form) with `request`. On success the flow moves to the code step;
   * on failure the server's message is toasted, with whatever `failureToast` adds for that error.
   */
  async function sendCode(
    to: string,
    request: () => Promise<MessageAnswer>,
    extra: { onSent?: () => void; failureToast?: (error: unknown) => ExternalToast | undefined } = {},
  ) {
    setBusy('send')
    authStore.setLoading(true)
    try {
      const answer = await request()
      setEmail(to)
      extra.onSent?.()
      toast.success(answer.message || 'OTP sent', {
        duration: opts.toastMs,
        description: consoleHint(consoleMail, answer.message),
      })
      setStep('code')
      setOtp('')
      holdResend(OTP.resendAfterMs)
    } catch (error) {
      const shown = toastError(error, 'Failed to send OTP', {
        duration: opts.toastMs,
        ...extra.failureToast?.(error),
      })
      if (shown === null) return
      const wait = retryAfterSeconds(error)
      if (wait) holdResend(wait * 1000)
    } finally {
      setBusy(null)
      authStore.setLoading(false)
    }
  }

  /**
   * The verify step (product.md §4, §15): 'Enter OTP first' on an empty code, then verify-otp; on success the session
   * is stored and `onSuccess` runs, on failure the server's message (else 'OTP verification failed').
   */
  async function verifyCode() {
    const code = otp.trim()
    if (!code) {
      toast.error('Enter OTP first', { duration: opts.toastMs })
      return
    }
    setBusy('verify')
    authStore.setLoading(true)
    try {
      const answer = await verifyOtp({ email: email.trim(), otp: code })
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
      setBusy(null)
      authStore.setLoading(false)
    }
  }

  return {
    step,
    email,
    setEmail,
    loading,
    sending: busy === 'send',
    sendCode,
    /** What the code step (OtpStep) shows and does; the form adds its resend and submit text. */
    codeStep: {
      email,
      otp,
      onOtpChange: setOtp,
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault()
        void verifyCode()
      },
      onChangeEmail: () => {
        setStep('details')
        setOtp('')
      },
      loading,
      verifying: busy === 'verify',
      /** Seconds before another code may be requested (the server refuses sooner, product.md §4). */
      resendIn: Math.max(0, Math.ceil((resendAt - now) / 1000)),
      consoleMail,
    },
  }
}

/**
 * product.md §4: in console mail mode the sent toast tells the user to check the server console. The server's own
 * message usually says so already; the hint is added only when it does not.
 */
export function consoleHint(consoleMail: boolean, message: string | undefined): string | undefined {
  if (!consoleMail || /console/i.test(message ?? '')) return undefined
  return 'Check the server console for your code.'
}
