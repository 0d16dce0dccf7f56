import type { ComponentProps, ReactNode } from 'react'
import { ChevronDown } from 'lucide-react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** Ids for a field's hint and error, for aria-describedby. */
export const hintId = (id: string) => `${id}-hint`
export const errorId = (id: string) => `${id}-error`

/** The aria props an input needs to announce its hint and error. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string }) {
  const ids = [opts.hint ? hintId(id) : null, opts.error ? errorId(id) : null].filter(Boolean)
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    'aria-invalid': opts.error ? true : undefined,
  } as const
}

/** What a form hands a field component: the value, where to report a change, and the field's error. */
export interface FieldProps {
  value: string
  onChange: (value: string) => void
  error?: string
}

/** A labelled field with an optional hint and an error line under it. */
export function FormField({
  id,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string
  required?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      {/* The star sits outside the <label>, so the field's name is the label text alone. */}
      <div className="flex items-center gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {required ? (
          <span className="text-sm leading-none text-red-600" aria-hidden>
            *
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={hintId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A field's error beside it: named by `errorId(id)` (the input points at it with aria-describedby) and announced
 * when it appears (role=alert), on top of any toast.
 */
export function FieldError({ id, error, className }: { id: string; error?: string; className?: string }) {
  if (!error) return null
  return (
    <p id={errorId(id)} role="alert" className={cn('text-xs font-medium text-red-600', className)}>
      {error}
    </p>
  )
}

/** A native select styled like the inputs: keyboard and screen-reader friendly, and the phone's own picker. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative min-w-0">
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-background pr-9 pl-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:bg-muted aria-invalid:border-destructive',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
    </div>
  )
}
