import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { sendLoginOtp } from '../api/send-login-otp'
import { useOtpFlow } from '../hooks/use-otp-flow'
import { OtpStep } from './otp-step'
import { EmailField, SendCodeForm, WaitingCodeNote } from './send-code-fields'

const ms = TOAST.loginMs

/** product.md §3/§4 login: email → 'Send OTP' → code → 'Verify OTP & Login'. */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const flow = useOtpFlow({
    toastMs: ms,
    successText: 'Logged in successfully!',
    successMs: TOAST.loginSuccessMs,
    onSuccess,
  })

  async function send() {
    const email = flow.email.trim()
    if (!email) {
      toast.error('Please enter your email', { duration: ms })
      flow.setErrors({ email: 'Please enter your email' })
      return
    }
    await flow.sendCode(email, () => sendLoginOtp({ email }))
  }

  if (flow.step === 'code')
    return <OtpStep {...flow.codeStep} onResend={send} submitText="Verify OTP & Login" />

  return (
    <SendCodeForm onSend={send} loading={flow.loading} sending={flow.sending}>
      <WaitingCodeNote waiting={flow.waitingCode} />
      <EmailField
        id="login-email"
        value={flow.email}
        onChange={(v) => {
          flow.setEmail(v)
          if (flow.errors.email) flow.setErrors({})
        }}
        error={flow.errors.email}
        autoFocus
      />
    </SendCodeForm>
  )
}
