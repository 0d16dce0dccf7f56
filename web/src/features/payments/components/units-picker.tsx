import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { clampUnits } from '../lib/units'

/** product.md §8 "Partial payment": 1..max, clamped, with quick buttons 1 to 5 and All. */
export function UnitsPicker({
  value,
  max,
  onChange,
  label,
  disabled,
}: {
  value: number
  max: number
  onChange: (n: number) => void
  label: string
  disabled?: boolean
}) {
  const id = useId()
  const t = useT()
  const quick = [1, 2, 3, 4, 5].filter((n) => n <= max)
  // What is typed: a field emptied to type a new number stays empty (the count keeps its last value) instead of
  // jumping to 1 under the cursor, so selecting 3 → backspace → 4 gives 4, not 14. Leaving the field shows the count.
  const [text, setText] = useState(String(value))
  const [shownFor, setShownFor] = useState(value)
  if (shownFor !== value) {
    setShownFor(value)
    setText(String(value))
  }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            const raw = e.target.value
            setText(raw)
            if (raw.trim() === '') return
            const n = clampUnits(raw, max)
            // Clamped (9 of 5, 0): the field shows what will be used at once.
            if (String(n) !== raw.trim()) setText(String(n))
            onChange(n)
          }}
          onBlur={() => setText(String(value))}
          className="w-24 tabular-nums"
        />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('money.units.quick')}>
          {quick.map((n) => (
            <Button
              key={n}
              type="button"
              size="sm"
              variant={value === n ? 'default' : 'outline'}
              aria-pressed={value === n}
              disabled={disabled}
              onClick={() => onChange(n)}
              className="min-w-9"
            >
              {n}
            </Button>
          ))}
          <Button
            type="button"
            size="sm"
            variant={value === max ? 'default' : 'outline'}
            aria-pressed={value === max}
            disabled={disabled}
            onClick={() => onChange(max)}
            className={cn('min-w-9')}
          >
            {t('money.units.all')}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t('money.units.range', { max })}</p>
    </div>
  )
}
