import type { ReactNode } from 'react'
import { describedBy, FieldError } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { formatTime } from '@/i18n/format'

/** The email a code is sent to, on the first step of login and signup. */
export function EmailField({
  id,
  value,
  onChange,
  autoFocus,
  error,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  autoFocus?: boolean
  /** Shown beside the field, which is marked invalid. */
  error?: string
}) {
  const t = useT()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('auth.email')}</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus={autoFocus}
        {...describedBy(id, { error })}
      />
      <FieldError id={id} error={error} />
    </div>
  )
}

/** After "Change email": the code sent earlier still works until it runs out, and one click goes back to it. */
export function WaitingCodeNote({
  waiting,
}: {
  waiting: { email: string; until: number; onEnterCode: () => void } | null
}) {
  const t = useT()
  if (!waiting) return null
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-indigo-100 bg-accent/60 px-3.5 py-2.5 text-sm">
      <p className="min-w-0 text-slate-700">
        {t('auth.waiting', { email: waiting.email, time: formatTime(waiting.until) })}
      </p>
      <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={waiting.onEnterCode}>
        {t('auth.enterThatCode')}
      </Button>
    </div>
  )
}

/** The first step of login and signup: the form's own fields, then 'Send OTP' (product.md §4). */
export function SendCodeForm({
  onSend,
  loading,
  sending,
  children,
}: {
  onSend: () => Promise<void>
  loading: boolean
  sending: boolean
  children: ReactNode
}) {
  const t = useT()
  return (
    <form
      noValidate
      className="flex animate-step-in flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault()
        void onSend()
      }}
    >
      {children}
      <Button type="submit" size="lg" disabled={loading} className="w-full">
        {sending ? (
          <>
            <Spinner /> {t('auth.sendingOtp')}
          </>
        ) : (
          t('auth.sendOtp')
        )}
      </Button>
    </form>
  )
}
