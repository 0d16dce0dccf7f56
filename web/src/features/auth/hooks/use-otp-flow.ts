import { useEffect, useState, type FormEvent } from 'react'
import { toast, type ExternalToast } from 'sonner'
import { OTP } from '@common/limits'
import type { User } from '@common/schemas/user'
import { t } from '@/i18n'
import { authStore, useAuth } from '@/lib/auth'
import { httpStatus, retryAfterSeconds } from '@/lib/errors'
import { pickFieldErrors, serverFieldErrors } from '@/lib/field-errors'
import { useServerConfig } from '@/lib/server-config'
import { toastError } from '@/lib/toast-error'
import type { MessageAnswer } from '../api/send-otp'
import { verifyOtp } from '../api/verify-otp'

/** The problems the code flow's forms show beside their fields. */
export interface FieldErrors {
  fullname?: string
  email?: string
  otp?: string
}

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
  /** The last code sent: what it was sent for (`key`), to which address, and until when it works (OTP.ttlMs). */
  const [sent, setSent] = useState<{ key: string; email: string; until: number } | null>(null)
  /** Each field's problem, shown beside it (besides the spec's toasts). */
  const [errors, setErrors] = useState<FieldErrors>({})
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

  /** A code sent for the same details (`key`) that still works: the code step again, no new mail. */
  const stillValid = (key: string) => !!sent && sent.key === key && Date.now() < sent.until

  /**
   * Sends a code to `to` (already checked by the form) with `request`. On success the flow moves to the code step;
   * on failure the server's message is toasted, with whatever `failureToast` adds for that error. When a code sent
   * for the same `key` (the email, and whatever else the request carries) still works, the code step comes back
   * without a new one: after "Change email" the code in the inbox keeps working (and a resend would wait anyway).
   */
  async function sendCode(
    to: string,
    request: () => Promise<MessageAnswer>,
    extra: {
      key?: string
      onSent?: () => void
      failureToast?: (error: unknown) => ExternalToast | undefined
    } = {},
  ) {
    const key = extra.key ?? to.toLowerCase()
    setErrors({})
    if (step === 'details' && stillValid(key)) {
      setEmail(to)
      setStep('code')
      toast.info(t('auth.stillWorks', { email: to }), { duration: opts.toastMs })
      return
    }
    setBusy('send')
    authStore.setLoading(true)
    try {
      const answer = await request()
      setEmail(to)
      setSent({ key, email: to, until: Date.now() + OTP.ttlMs })
      extra.onSent?.()
      toast.success(answer.message || t('auth.otpSent'), {
        duration: opts.toastMs,
        description: consoleHint(consoleMail, answer.message),
      })
      setStep('code')
      setOtp('')
      holdResend(OTP.resendAfterMs)
    } catch (error) {
      const shown = toastError(error, t('auth.sendFailed'), {
        duration: opts.toastMs,
        ...extra.failureToast?.(error),
      })
      if (shown === null) return
      // The server's word on a field goes beside it; an address that already has an account, beside the email.
      const fields = pickFieldErrors(serverFieldErrors(error), ['fullname', 'email'] as const)
      setErrors(Object.keys(fields).length ? fields : httpStatus(error) === 409 ? { email: shown } : {})
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
      toast.error(t('auth.enterOtp'), { duration: opts.toastMs })
      setErrors({ otp: t('auth.enterOtp') })
      return
    }
    setErrors({})
    setBusy('verify')
    authStore.setLoading(true)
    try {
      const answer = await verifyOtp({ email: email.trim(), otp: code })
      if (!answer.success || !answer.data) {
        toast.error(answer.message || t('auth.verifyFailed'), { duration: opts.toastMs })
        setErrors({ otp: answer.message || t('auth.verifyFailed') })
        return
      }
      authStore.signIn(answer.data, answer.token ?? '')
      toast.success(opts.successText, { duration: opts.successMs })
      opts.onSuccess(answer.data)
    } catch (error) {
      const shown = toastError(error, t('auth.verifyFailed'), { duration: opts.toastMs })
      if (shown !== null) setErrors({ otp: shown })
    } finally {
      setBusy(null)
      authStore.setLoading(false)
    }
  }

  // `now` is set when the details step comes back (Change email), and checked again on the click.
  const waiting = step === 'details' && sent && now < sent.until ? sent : null

  return {
    step,
    email,
    setEmail,
    errors,
    setErrors,
    /** A code sent earlier that still works, while the details step shows (after "Change email"). */
    waitingCode: waiting
      ? {
          email: waiting.email,
          until: waiting.until,
          onEnterCode: () => {
            if (Date.now() >= waiting.until) {
              setSent(null)
              toast.info(t('auth.codeExpired'), { duration: opts.toastMs })
              return
            }
            setEmail(waiting.email)
            setErrors({})
            setStep('code')
          },
        }
      : null,
    loading,
    sending: busy === 'send',
    sendCode,
    /** What the code step (OtpStep) shows and does; the form adds its resend and submit text. */
    codeStep: {
      email,
      otp,
      onOtpChange: (value: string) => {
        setOtp(value)
        if (errors.otp) setErrors({})
      },
      error: errors.otp,
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault()
        void verifyCode()
      },
      onChangeEmail: () => {
        // The code sent stays valid: the details step offers it back (waitingCode) until it runs out.
        setStep('details')
        setOtp('')
        setErrors({})
        setNow(Date.now())
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
  return t('auth.consoleHint')
}
