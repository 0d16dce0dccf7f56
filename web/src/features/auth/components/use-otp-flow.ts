import { useEffect, useState } from 'react'
import { OTP } from '@common/limits'
import { useServerConfig } from '@/lib/server-config'

/** Shared state of the two-step code flow: which step, the code, and the resend cooldown. */
export function useOtpFlow() {
  const [step, setStep] = useState<'details' | 'code'>('details')
  const [otp, setOtp] = useState('')
  const [resendAt, setResendAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const config = useServerConfig()

  useEffect(() => {
    if (resendAt <= Date.now()) return
    const timer = window.setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= resendAt) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
  }, [resendAt])

  return {
    step,
    otp,
    setOtp,
    /** Seconds before another code may be requested (the server refuses sooner, DECISIONS.md). */
    resendIn: Math.max(0, Math.ceil((resendAt - now) / 1000)),
    /** True unless the server says it mails codes for real; then the code is in the server console (spec §7). */
    consoleMail: config.data?.mailTransport !== 'smtp',
    codeSent() {
      setStep('code')
      setOtp('')
      const t = Date.now()
      setNow(t)
      setResendAt(t + OTP.resendAfterMs)
    },
    /** The server refused a resend (429): count down what it asked for. */
    holdResend(seconds: number) {
      const t = Date.now()
      setNow(t)
      setResendAt(t + seconds * 1000)
    },
    changeEmail() {
      setStep('details')
      setOtp('')
    },
  }
}

/**
 * Spec §7: in console mail mode the sent toast tells the user to check the server console. The server's own
 * message usually says so already; the hint is added only when it does not.
 */
export function consoleHint(consoleMail: boolean, message: string | undefined): string | undefined {
  if (!consoleMail || /console/i.test(message ?? '')) return undefined
  return 'Check the server console for your code.'
}
