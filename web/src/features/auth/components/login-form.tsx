import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { authStore, useAuth } from '@/lib/auth'
import { retryAfterSeconds } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { sendLoginOtp } from '../api/send-login-otp'
import { OtpStep } from './otp-step'
import { verifyCode } from './verify-code'
import { consoleHint, useOtpFlow } from './use-otp-flow'

const ms = TOAST.loginMs

/** Spec §2/§4/§5 login: email → 'Send OTP' → code → 'Verify OTP & Login'. */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { loading } = useAuth()
  const flow = useOtpFlow()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null)

  async function send() {
    const trimmed = email.trim()
    if (!trimmed) {
      toast.error('Please enter your email', { duration: ms })
      return
    }
    setBusy('send')
    authStore.setLoading(true)
    try {
      const answer = await sendLoginOtp({ email: trimmed })
      setEmail(trimmed)
      toast.success(answer.message || 'OTP sent', {
        duration: ms,
        description: consoleHint(flow.consoleMail, answer.message),
      })
      flow.codeSent()
    } catch (error) {
      if (toastError(error, 'Failed to send OTP', { duration: ms }) === null) return
      const wait = retryAfterSeconds(error)
      if (wait) flow.holdResend(wait)
    } finally {
      setBusy(null)
      authStore.setLoading(false)
    }
  }

  function verify(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    void verifyCode({
      email,
      otp: flow.otp,
      toastMs: ms,
      successText: 'Logged in successfully!',
      successMs: TOAST.loginSuccessMs,
      setVerifying: (on) => setBusy(on ? 'verify' : null),
      onSuccess,
    })
  }

  if (flow.step === 'code') {
    return (
      <OtpStep
        email={email}
        otp={flow.otp}
        onOtpChange={flow.setOtp}
        onSubmit={verify}
        onResend={send}
        onChangeEmail={flow.changeEmail}
        loading={loading}
        verifying={busy === 'verify'}
        submitText="Verify OTP & Login"
        resendIn={flow.resendIn}
        consoleMail={flow.consoleMail}
      />
    )
  }

  return (
    <form
      noValidate
      className="flex animate-step-in flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault()
        void send()
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
      </div>
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        {busy === 'send' ? (
          <>
            <Spinner /> Sending OTP...
          </>
        ) : (
          'Send OTP'
        )}
      </Button>
    </form>
  )
}
