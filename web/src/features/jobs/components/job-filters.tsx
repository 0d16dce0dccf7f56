import type { ReactNode } from 'react'
import { ArrowUpDown, BadgePercent, Gift, LayoutGrid, MapPin, Navigation } from 'lucide-react'
import { ALL_CATEGORIES, CATEGORIES, type Category } from '@common/categories'
import type { JobSort } from '@common/schemas/job'
import { cn } from '@/lib/utils'
import { JOB_SORTS, REGIONS, SORT_LABELS, type JobFilters } from '../lib/filters'

const chip =
  'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 [&_svg]:size-4 [&_svg]:shrink-0'
const selectClass =
  'h-9 min-w-0 appearance-none rounded-full border border-input bg-background bg-[length:16px] bg-[right_0.6rem_center] bg-no-repeat py-0 pr-8 pl-8 text-sm font-medium text-slate-800 shadow-xs outline-none hover:bg-muted focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25'
// A chevron for the native selects (kept native: right on phones, keyboard and screen readers for free).
const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`

function SelectField({
  label,
  icon,
  value,
  onChange,
  children,
  className,
}: {
  label: string
  icon: ReactNode
  value: string
  onChange: (value: string) => void
  children: ReactNode
  className?: string
}) {
  return (
    <label className={cn('relative inline-flex min-w-0', className)}>
      <span className="sr-only">{label}</span>
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500 [&_svg]:size-4">
        {icon}
      </span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(selectClass, 'w-full')}
        style={{ backgroundImage: chevron }}
      >
        {children}
      </select>
    </label>
  )
}

function Toggle({
  pressed,
  onChange,
  icon,
  children,
}: {
  pressed: boolean
  onChange: (pressed: boolean) => void
  icon: ReactNode
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={cn(
        chip,
        pressed
          ? 'border-primary bg-primary text-primary-foreground hover:bg-primary-hover'
          : 'border-input bg-background text-slate-700 shadow-xs hover:bg-muted',
      )}
    >
      {icon}
      {children}
    </button>
  )
}

/**
 * The browser's filters (product.md §3), in this order: Category, Free, Distance (static '15 mi'), Sort, Discounted.
 * With Sort = Closest a state picker appears, since profiles hold no location to sort by.
 */
export function JobFiltersBar({
  filters,
  onChange,
  showSort = true,
  className,
}: {
  filters: JobFilters
  onChange: (next: JobFilters) => void
  showSort?: boolean
  className?: string
}) {
  const set = (patch: Partial<JobFilters>) => onChange({ ...filters, ...patch })
  return (
    <div role="group" aria-label="Filters" className={cn('flex flex-wrap items-center gap-2', className)}>
      <SelectField
        label="Category"
        icon={<LayoutGrid aria-hidden />}
        value={filters.category ?? ''}
        onChange={(v) => set({ category: (v || undefined) as Category | undefined })}
        className="max-w-full"
      >
        <option value="">{ALL_CATEGORIES}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <Toggle pressed={filters.free} onChange={(free) => set({ free })} icon={<Gift aria-hidden />}>
        Free
      </Toggle>
      {/* product.md §3: the Distance chip stays visible but does nothing (no geolocation is kept). */}
      <span
        className={cn(chip, 'cursor-default border-dashed border-input bg-slate-50 text-slate-500')}
        title="Distance filtering is not available yet"
        aria-label="Distance: 15 mi (not available yet)"
        role="note"
      >
        <MapPin aria-hidden />
        15 mi
      </span>
      {showSort ? (
        <SelectField
          label="Sort"
          icon={<ArrowUpDown aria-hidden />}
          value={filters.sort}
          onChange={(v) => set({ sort: v as JobSort })}
        >
          {JOB_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Toggle
        pressed={filters.discounted}
        onChange={(discounted) => set({ discounted })}
        icon={<BadgePercent aria-hidden />}
      >
        Discounted
      </Toggle>
      {showSort && filters.sort === 'closest' ? (
        <SelectField
          label="Your state"
          icon={<Navigation aria-hidden />}
          value={filters.state ?? ''}
          onChange={(v) => set({ state: v || undefined })}
          className="max-w-full"
        >
          <option value="">Choose your state…</option>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  )
}
