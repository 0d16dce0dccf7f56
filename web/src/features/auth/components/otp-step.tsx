import type { FormEvent } from 'react'
import { ArrowLeft, MailCheck } from 'lucide-react'
import { OTP } from '@common/limits'
import { describedBy, FieldError } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { resendLabel } from '../lib/resend-label'

/** Step two of login and signup: the code input, the verify button, resend and "change email". */
export function OtpStep({
  email,
  otp,
  onOtpChange,
  onSubmit,
  onResend,
  onChangeEmail,
  loading,
  verifying,
  submitText,
  resendIn,
  consoleMail,
  error,
}: {
  email: string
  otp: string
  onOtpChange: (value: string) => void
  onSubmit: (e: FormEvent<HTMLFormElement>) => void
  onResend: () => void
  onChangeEmail: () => void
  loading: boolean
  verifying: boolean
  submitText: string
  resendIn: number
  consoleMail: boolean
  /** The code's problem (none typed, or refused), beside the input. */
  error?: string
}) {
  const t = useT()
  return (
    <form onSubmit={onSubmit} noValidate className="flex animate-step-in flex-col gap-5">
      <div className="flex items-start gap-3 rounded-xl border border-indigo-100 bg-accent/60 p-3.5 text-sm">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0">
          <p className="text-slate-700">
            {t('auth.codeSentTo', { digits: OTP.digits })}{' '}
            <span className="inline-block max-w-full font-medium [overflow-wrap:anywhere] text-slate-900">
              {email.includes('@') ? (
                <>
                  {email.slice(0, email.indexOf('@'))}
                  <wbr />
                  {email.slice(email.indexOf('@'))}
                </>
              ) : (
                email
              )}
            </span>
          </p>
          {consoleMail ? <p className="mt-1 text-xs text-slate-500">{t('auth.devMode')}</p> : null}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="otp">{t('auth.otp')}</Label>
        <Input
          id="otp"
          name="otp"
          value={otp}
          onChange={(e) => onOtpChange(e.target.value.replace(/[^\d\s]/g, ''))}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={OTP.digits}
          placeholder="••••••"
          autoFocus
          className="h-12 text-center font-mono text-xl tracking-[0.5em] placeholder:tracking-[0.5em]"
          {...describedBy('otp', { error })}
        />
        <FieldError id="otp" error={error} />
      </div>
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        {verifying ? (
          <>
            <Spinner /> {t('auth.verifying')}
          </>
        ) : (
          submitText
        )}
      </Button>
      <div className="flex items-center justify-between gap-3 text-sm">
        <Button variant="ghost" size="sm" onClick={onChangeEmail} disabled={loading} className="-ml-2">
          <ArrowLeft aria-hidden /> {t('auth.changeEmail')}
        </Button>
        <Button variant="link" size="sm" onClick={onResend} disabled={loading || resendIn > 0}>
          {resendLabel(resendIn)}
        </Button>
      </div>
    </form>
  )
}
