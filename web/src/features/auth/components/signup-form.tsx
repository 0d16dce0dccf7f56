import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Briefcase, Laptop } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { SelfRole } from '@common/roles'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { authStore, useAuth } from '@/lib/auth'
import { httpStatus, retryAfterSeconds } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { sendSignupOtp } from '../api/send-otp'
import { OtpStep } from './otp-step'
import { verifyCode } from './verify-code'
import { consoleHint, useOtpFlow } from './use-otp-flow'

const ms = TOAST.signupMs

const ROLE_CHOICES: { role: SelfRole; label: string; hint: string; Icon: typeof Laptop }[] = [
  { role: 'freelancer', label: 'I want to work', hint: 'Find gigs and get paid', Icon: Laptop },
  { role: 'client', label: 'I want to hire', hint: 'Post jobs and hire talent', Icon: Briefcase },
]

/** Spec §2/§4/§5 signup: full name + email (+ role, DECISIONS.md) → 'Send OTP' → code → 'Verify OTP & Signup'. */
export function SignupForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const { loading } = useAuth()
  const navigate = useNavigate()
  const flow = useOtpFlow()
  const [fullname, setFullname] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<SelfRole>('freelancer')
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null)

  async function send() {
    const name = fullname.trim()
    const mail = email.trim()
    if (!name || !mail) {
      toast.error('Please fill all fields!', { duration: ms })
      return
    }
    setBusy('send')
    authStore.setLoading(true)
    try {
      const answer = await sendSignupOtp({ email: mail, fullname: name, role })
      setEmail(mail)
      setFullname(name)
      toast.success(answer.message || 'OTP sent', {
        duration: ms,
        description: consoleHint(flow.consoleMail, answer.message),
      })
      flow.codeSent()
    } catch (error) {
      const alreadyRegistered = httpStatus(error) === 409
      const shown = toastError(error, 'Failed to send OTP', {
        duration: ms,
        action: alreadyRegistered
          ? { label: 'Log in', onClick: () => navigate(paths.login.href()) }
          : undefined,
      })
      if (shown === null) return
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
      successText: 'Signed up successfully!',
      successMs: TOAST.signupSuccessMs,
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
        submitText="Verify OTP & Signup"
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
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-medium">How will you use Microlance?</legend>
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
              {label}
            </span>
            <span id={`role-${value}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-fullname">Full name</Label>
        <Input
          id="signup-fullname"
          name="fullname"
          autoComplete="name"
          placeholder="Priya Sharma"
          value={fullname}
          onChange={(e) => setFullname(e.target.value)}
          autoFocus
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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
