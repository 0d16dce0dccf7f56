import { Search, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useDraft } from '@/hooks/use-draft'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'

/**
 * The in-page search box of /search and /explore. Enter with a non-empty trimmed query searches (the same rule as
 * the mobile top bar, product.md §3); clearing it empties the search. It follows `value` when the URL changes.
 */
export function SearchBox({
  value,
  onSearch,
  autoFocus,
  label: givenLabel,
  className,
}: {
  value: string
  onSearch: (q: string) => void
  autoFocus?: boolean
  label?: string
  className?: string
}) {
  const t = useT()
  const label = givenLabel ?? t('jobs.search.label')
  const [text, setText] = useDraft(value)
  return (
    <form
      role="search"
      aria-label={label}
      className={cn('flex w-full gap-2', className)}
      onSubmit={(e) => {
        e.preventDefault()
        const q = text.trim()
        if (q) onSearch(q)
      }}
    >
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          type="search"
          aria-label={label}
          enterKeyHint="search"
          placeholder={t('jobs.search.placeholder')}
          autoFocus={autoFocus}
          value={text}
          maxLength={200}
          onChange={(e) => {
            setText(e.target.value)
            if (!e.target.value && value) onSearch('')
          }}
          // The right padding makes room for the clear button only while it shows, so a phone reads the whole
          // placeholder.
          className={cn(
            'h-11 w-full rounded-xl border border-input bg-background pl-9 text-sm shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 [&::-webkit-search-cancel-button]:hidden',
            text ? 'pr-10' : 'pr-3',
          )}
        />
        {text ? (
          <button
            type="button"
            aria-label={t('jobs.search.clear')}
            onClick={() => {
              setText('')
              if (value) onSearch('')
            }}
            className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-400 outline-none hover:bg-muted hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <Button type="submit" className="h-11 px-4 sm:px-5">
        {t('jobs.search.submit')}
      </Button>
    </form>
  )
}
