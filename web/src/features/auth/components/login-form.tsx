import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { t } from '@/i18n'
import { sendLoginOtp } from '../api/send-login-otp'
import { useOtpFlow } from '../hooks/use-otp-flow'
import { OtpStep } from './otp-step'
import { EmailField, SendCodeForm, WaitingCodeNote } from './send-code-fields'

const ms = TOAST.loginMs

/** product.md §3/§4 login: email → 'Send OTP' → code → 'Verify OTP & Login'. */
export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const flow = useOtpFlow({
    toastMs: ms,
    successText: t('auth.login.success'),
    successMs: TOAST.loginSuccessMs,
    onSuccess,
  })

  async function send() {
    const email = flow.email.trim()
    if (!email) {
      toast.error(t('auth.enterEmail'), { duration: ms })
      flow.setErrors({ email: t('auth.enterEmail') })
      return
    }
    await flow.sendCode(email, () => sendLoginOtp({ email }))
  }

  if (flow.step === 'code')
    return <OtpStep {...flow.codeStep} onResend={send} submitText={t('auth.login.submit')} />

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
