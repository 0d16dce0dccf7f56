import type { ClipboardEvent, ComponentProps, KeyboardEvent } from 'react'
import { Input } from '@/components/ui/input'

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string
  onValueChange: (value: string) => void
  /** Whole numbers only (units, cycles): no decimal point at all. */
  integer?: boolean
  /** Most digits after the point (money: 2). */
  decimals?: number
}

/**
 * product.md §6: numeric fields accept only digits with an optional decimal point. Other keystrokes are blocked, a
 * paste that is not such a number is refused whole, and a change that would break the rule never reaches the state.
 */
export function NumericInput({ value, onValueChange, integer = false, decimals = 2, ...props }: Props) {
  const allowed = integer ? /^\d*$/ : new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`)

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    props.onKeyDown?.(e)
    // Single printable characters only; Backspace, arrows, Tab and shortcuts (Ctrl/⌘+A, C, V…) pass.
    if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return
    if (/\d/.test(e.key)) return
    if (e.key === '.' && !integer && !e.currentTarget.value.includes('.')) return
    e.preventDefault()
  }

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    const input = e.currentTarget
    const pasted = e.clipboardData.getData('text').trim()
    const start = input.selectionStart ?? input.value.length
    const end = input.selectionEnd ?? input.value.length
    const next = input.value.slice(0, start) + pasted + input.value.slice(end)
    if (allowed.test(next)) onValueChange(next)
  }

  return (
    <Input
      {...props}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={value}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onChange={(e) => {
        if (allowed.test(e.target.value)) onValueChange(e.target.value)
      }}
    />
  )
}
