import { useEffect, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { OTP, TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { errorText, isCancelled, retryAfterSeconds } from '@/lib/errors'
import { useT } from '@/i18n'
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
  const t = useT()
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
      setProblem(t('account.email.enterCode', { digits: OTP.digits, email: pendingEmail }))
      return
    }
    setProblem(null)
    try {
      const answer = await confirm.mutateAsync(typed)
      toast.success(answer.message ?? t('account.email.changed'), { duration: ms })
      onDone()
    } catch (error) {
      if (!isCancelled(error)) setProblem(errorText(error, t('account.email.checkFailed')))
    }
  }

  async function onResend() {
    try {
      await resend.mutateAsync(pendingEmail)
      setResendAt(Date.now() + OTP.resendAfterMs)
      setNow(Date.now())
      setCode('')
      setProblem(null)
      toast.success(t('account.email.newCodeSent', { email: pendingEmail }), { duration: ms })
    } catch (error) {
      const wait = retryAfterSeconds(error)
      if (wait) {
        setResendAt(Date.now() + wait * 1000)
        setNow(Date.now())
      }
      toastError(error, t('account.email.sendFailed'), { duration: ms })
    }
  }

  async function onCancel() {
    try {
      await cancel.mutateAsync()
      toast.success(t('account.email.cancelled'), { duration: ms })
      onBack()
    } catch (error) {
      toastError(error, t('account.email.cancelFailed'), { duration: ms })
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {t('account.email.sentTo', { digits: OTP.digits })}{' '}
        <strong className="break-all text-foreground">{pendingEmail}</strong>
        {t('account.email.untilThen')} <span className="break-all">{user.email}</span>
        {t('account.email.signsOut')}
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor="email-change-code">{t('account.email.codeLabel')}</Label>
        <Input
          id="email-change-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP.digits))}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={OTP.digits}
          placeholder={t('account.email.codePlaceholder', { digits: OTP.digits })}
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
            {t('account.email.cancelChange')}
          </Button>
          <Button type="button" variant="outline" onClick={onResend} disabled={busy || resendIn > 0}>
            {resendIn > 0 ? t('auth.resendInSeconds', { seconds: resendIn }) : t('auth.resend')}
          </Button>
        </div>
        <Button type="submit" disabled={busy}>
          {confirm.isPending ? (
            <>
              <Spinner /> {t('account.email.confirming')}
            </>
          ) : (
            t('account.email.confirm')
          )}
        </Button>
      </div>
    </form>
  )
}
