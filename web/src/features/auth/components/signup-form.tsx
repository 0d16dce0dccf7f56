import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Briefcase, Laptop } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { SelfRole } from '@common/roles'
import type { User } from '@common/schemas/user'
import { describedBy, FieldError } from '@/components/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { paths } from '@/config/paths'
import { t, type MessageKey } from '@/i18n'
import { httpStatus } from '@/lib/errors'
import { cn } from '@/lib/utils'
import { sendSignupOtp } from '../api/send-otp'
import { useOtpFlow } from '../hooks/use-otp-flow'
import { OtpStep } from './otp-step'
import { EmailField, SendCodeForm, WaitingCodeNote } from './send-code-fields'

const ms = TOAST.signupMs

const ROLE_CHOICES: { role: SelfRole; label: MessageKey; hint: MessageKey; Icon: typeof Laptop }[] = [
  { role: 'freelancer', label: 'auth.signup.work', hint: 'auth.signup.workHint', Icon: Laptop },
  { role: 'client', label: 'auth.signup.hire', hint: 'auth.signup.hireHint', Icon: Briefcase },
]

/** product.md §3/§4 signup: full name + email + role (§2) → 'Send OTP' → code → 'Verify OTP & Signup'. */
export function SignupForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const navigate = useNavigate()
  const flow = useOtpFlow({
    toastMs: ms,
    successText: t('auth.signup.success'),
    successMs: TOAST.signupSuccessMs,
    onSuccess,
  })
  const [fullname, setFullname] = useState('')
  const [role, setRole] = useState<SelfRole>('freelancer')

  async function send() {
    const name = fullname.trim()
    const email = flow.email.trim()
    if (!name || !email) {
      toast.error(t('auth.signup.fillAll'), { duration: ms })
      flow.setErrors({
        fullname: name ? undefined : t('auth.signup.enterName'),
        email: email ? undefined : t('auth.signup.enterEmail'),
      })
      return
    }
    await flow.sendCode(email, () => sendSignupOtp({ email, fullname: name, role }), {
      // The code is for this name and role too: with either changed, a new one is sent.
      key: JSON.stringify([email.toLowerCase(), name, role]),
      onSent: () => setFullname(name),
      // The email already has an account: the toast offers the way to log in.
      failureToast: (error) =>
        httpStatus(error) === 409
          ? { action: { label: t('auth.signup.logIn'), onClick: () => navigate(paths.login.href()) } }
          : undefined,
    })
  }

  if (flow.step === 'code')
    return <OtpStep {...flow.codeStep} onResend={send} submitText={t('auth.signup.submit')} />

  return (
    <SendCodeForm onSend={send} loading={flow.loading} sending={flow.sending}>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-medium">{t('auth.signup.howUse')}</legend>
        {ROLE_CHOICES.map(({ role: value, label, hint, Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1.5 rounded-xl border bg-background p-3.5 pr-8 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              role === value ? 'border-primary bg-accent/70 ring-1 ring-primary' : 'hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
              aria-labelledby={`role-${value}-label`}
              aria-describedby={`role-${value}-hint`}
              className="absolute top-3.5 right-3.5 size-4 cursor-pointer appearance-none rounded-full border border-input bg-background transition-all outline-none checked:border-[5px] checked:border-primary"
            />
            <Icon className={cn('size-5', role === value ? 'text-primary' : 'text-slate-500')} aria-hidden />
            <span id={`role-${value}-label`} className="text-sm font-semibold">
              {t(label)}
            </span>
            <span id={`role-${value}-hint`} className="text-xs text-muted-foreground">
              {t(hint)}
            </span>
          </label>
        ))}
      </fieldset>
      <WaitingCodeNote waiting={flow.waitingCode} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-fullname">{t('auth.signup.fullName')}</Label>
        <Input
          id="signup-fullname"
          name="fullname"
          autoComplete="name"
          placeholder={t('auth.signup.namePlaceholder')}
          value={fullname}
          onChange={(e) => {
            setFullname(e.target.value)
            if (flow.errors.fullname) flow.setErrors({ ...flow.errors, fullname: undefined })
          }}
          autoFocus
          {...describedBy('signup-fullname', { error: flow.errors.fullname })}
        />
        <FieldError id="signup-fullname" error={flow.errors.fullname} />
      </div>
      <EmailField
        id="signup-email"
        value={flow.email}
        onChange={(v) => {
          flow.setEmail(v)
          if (flow.errors.email) flow.setErrors({ ...flow.errors, email: undefined })
        }}
        error={flow.errors.email}
      />
    </SendCodeForm>
  )
}
