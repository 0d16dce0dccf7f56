import type { ReactNode } from 'react'
import { ArrowUpDown, BadgePercent, Gift, LayoutGrid, MapPin, Navigation } from 'lucide-react'
import { CATEGORIES, type Category } from '@common/categories'
import type { JobSort } from '@common/schemas/job'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { categoryLabel, JOB_SORTS, REGIONS, SORT_KEYS, type JobFilters } from '../lib/filters'

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
  const t = useT()
  const set = (patch: Partial<JobFilters>) => onChange({ ...filters, ...patch })
  return (
    <div
      role="group"
      aria-label={t('jobs.filters.label')}
      className={cn('flex flex-wrap items-center gap-2', className)}
    >
      <SelectField
        label={t('jobs.filters.category')}
        icon={<LayoutGrid aria-hidden />}
        value={filters.category ?? ''}
        onChange={(v) => set({ category: (v || undefined) as Category | undefined })}
        className="max-w-full"
      >
        <option value="">{t('jobs.filters.allCategories')}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c, t)}
          </option>
        ))}
      </SelectField>
      <Toggle pressed={filters.free} onChange={(free) => set({ free })} icon={<Gift aria-hidden />}>
        {t('jobs.free')}
      </Toggle>
      {/* product.md §3: the Distance chip stays visible but does nothing (no geolocation is kept). */}
      <span
        className={cn(chip, 'cursor-default border-dashed border-input bg-slate-50 text-slate-500')}
        title={t('jobs.filters.distanceUnavailable')}
        aria-label={t('jobs.filters.distanceLabel')}
        role="note"
      >
        <MapPin aria-hidden />
        {t('jobs.filters.distance')}
      </span>
      {showSort ? (
        <SelectField
          label={t('jobs.filters.sort')}
          icon={<ArrowUpDown aria-hidden />}
          value={filters.sort}
          onChange={(v) => set({ sort: v as JobSort })}
        >
          {JOB_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_KEYS[s])}
            </option>
          ))}
        </SelectField>
      ) : null}
      <Toggle
        pressed={filters.discounted}
        onChange={(discounted) => set({ discounted })}
        icon={<BadgePercent aria-hidden />}
      >
        {t('jobs.discounted')}
      </Toggle>
      {showSort && filters.sort === 'closest' ? (
        <SelectField
          label={t('jobs.filters.state')}
          icon={<Navigation aria-hidden />}
          value={filters.state ?? ''}
          onChange={(v) => set({ state: v || undefined })}
          className="max-w-full"
        >
          <option value="">{t('jobs.filters.chooseState')}</option>
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
