import { Star } from 'lucide-react'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { STAR_WORDS } from '../lib/format'

/** A rating shown as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const t = useT()
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={t('contract.reviews.outOf5', { rating })}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          className={cn('size-4', i <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
          aria-hidden
        />
      ))}
    </span>
  )
}

/**
 * The 1–5 star picker: a native radio group (arrow keys move between stars, Tab enters and leaves it), each star a
 * labelled radio drawn as a star.
 */
export function StarPicker({
  value,
  onChange,
  name,
  invalid,
}: {
  value: number
  onChange: (n: number) => void
  name: string
  invalid?: boolean
}) {
  const t = useT()
  return (
    <fieldset aria-invalid={invalid || undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t('contract.reviews.rating')}</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((i) => (
          <label
            key={i}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={i}
              checked={value === i}
              onChange={() => onChange(i)}
              className="absolute inset-0 size-full cursor-pointer opacity-0"
              aria-label={t('contract.reviews.starChoice', { stars: i, word: t(STAR_WORDS[i - 1]) })}
            />
            <Star
              className={cn(
                'pointer-events-none size-7',
                i <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
              )}
              aria-hidden
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-muted-foreground" aria-hidden>
          {value ? t(STAR_WORDS[value - 1]) : t('contract.reviews.choose')}
        </span>
      </div>
    </fieldset>
  )
}
