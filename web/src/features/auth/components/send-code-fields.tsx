import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'

/** The email a code is sent to, on the first step of login and signup. */
export function EmailField({
  id,
  value,
  onChange,
  autoFocus,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  autoFocus?: boolean
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email</Label>
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
      />
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
            <Spinner /> Sending OTP...
          </>
        ) : (
          'Send OTP'
        )}
      </Button>
    </form>
  )
}
