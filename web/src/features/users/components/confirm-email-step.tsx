import { useEffect, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { OTP, TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { errorText, isCancelled, retryAfterSeconds } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useCancelEmailChange, useConfirmEmailChange, useStartEmailChange } from '../api/change-email'

const ms = TOAST.profileMs

/**
 * Step two of changing the sign-in email (ADR 042): the code mailed to the new address confirms it. Until then the
 * old address stays; confirming signs out every other device.
 */
export function ConfirmEmailStep({
  user,
  pendingEmail,
  onDone,
  onBack,
}: {
  user: User
  pendingEmail: string
  onDone: () => void
  onBack: () => void
}) {
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [resendAt, setResendAt] = useState(() => Date.now() + OTP.resendAfterMs)
  const [now, setNow] = useState(() => Date.now())
  const confirm = useConfirmEmailChange(user.userId)
  const resend = useStartEmailChange(user.userId)
  const cancel = useCancelEmailChange(user.userId)
  const busy = confirm.isPending || resend.isPending || cancel.isPending
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000))

  useEffect(() => {
    if (resendAt <= Date.now()) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [resendAt])

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const typed = code.trim()
    if (!/^\d{6}$/.test(typed)) {
      setProblem(`Enter the ${OTP.digits}-digit code from the email sent to ${pendingEmail}.`)
      return
    }
    setProblem(null)
    try {
      const answer = await confirm.mutateAsync(typed)
      toast.success(answer.message ?? 'Email changed', { duration: ms })
      onDone()
    } catch (error) {
      if (!isCancelled(error)) setProblem(errorText(error, 'The code could not be checked. Try again.'))
    }
  }

  async function onResend() {
    try {
      await resend.mutateAsync(pendingEmail)
      setResendAt(Date.now() + OTP.resendAfterMs)
      setNow(Date.now())
      setCode('')
      setProblem(null)
      toast.success(`A new code is on its way to ${pendingEmail}`, { duration: ms })
    } catch (error) {
      const wait = retryAfterSeconds(error)
      if (wait) {
        setResendAt(Date.now() + wait * 1000)
        setNow(Date.now())
      }
      toastError(error, 'The code could not be sent', { duration: ms })
    }
  }

  async function onCancel() {
    try {
      await cancel.mutateAsync()
      toast.success('Email change cancelled', { duration: ms })
      onBack()
    } catch (error) {
      toastError(error, 'The change could not be cancelled', { duration: ms })
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        We sent a {OTP.digits}-digit code to{' '}
        <strong className="break-all text-foreground">{pendingEmail}</strong>. Enter it to sign in with that
        address from now on. Until then you keep signing in with{' '}
        <span className="break-all">{user.email}</span>. Confirming signs you out on every other device.
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="email-change-code">Email change code</Label>
        <Input
          id="email-change-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP.digits))}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={OTP.digits}
          placeholder="6-digit code"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'email-change-problem' : undefined}
          autoFocus
        />
        {problem ? (
          <p id="email-change-problem" role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel change
          </Button>
          <Button type="button" variant="outline" onClick={onResend} disabled={busy || resendIn > 0}>
            {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
          </Button>
        </div>
        <Button type="submit" disabled={busy}>
          {confirm.isPending ? (
            <>
              <Spinner /> Confirming...
            </>
          ) : (
            'Confirm email'
          )}
        </Button>
      </div>
    </form>
  )
}
