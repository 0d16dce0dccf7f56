import { useLayoutEffect, useRef, type ComponentProps } from 'react'
import { Input } from '@/components/ui/input'
import { editAmountText, groupAmountText } from '@/lib/amount-text'

type Props = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The plain number ("150000.50"), as the form keeps it. */
  value: string
  onValueChange: (value: string) => void
  /** Most digits after the point (paise: 2). */
  decimals?: number
}

/**
 * A rupee amount field: takes "1,50,000", "150000" or "1,50,000.50" (typed or pasted) and shows it grouped the Indian
 * way as it is typed, the caret staying after the digit it was after. Anything that is not an amount is refused.
 */
export function AmountInput({ value, onValueChange, decimals = 2, ...props }: Props) {
  const ref = useRef<HTMLInputElement>(null)
  const caret = useRef<number | null>(null)
  const shown = groupAmountText(value)

  useLayoutEffect(() => {
    const el = ref.current
    if (el && caret.current !== null && document.activeElement === el)
      el.setSelectionRange(caret.current, caret.current)
    caret.current = null
  })

  return (
    <Input
      {...props}
      ref={ref}
      type="text"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        const el = e.target
        const next = editAmountText(value, el.value, el.selectionStart ?? el.value.length, decimals)
        if (!next) {
          // Refused: the field keeps what it showed, the caret where it was before the keystroke.
          const back = Math.max(0, (el.selectionStart ?? 0) - (el.value.length - shown.length))
          caret.current = back
          el.value = shown
          el.setSelectionRange(back, back)
          return
        }
        caret.current = next.caret
        if (next.plain !== value) onValueChange(next.plain)
        else {
          // Same number (a comma typed or deleted): React will not re-render, so put things right here.
          el.value = next.grouped
          el.setSelectionRange(next.caret, next.caret)
        }
      }}
    />
  )
}
