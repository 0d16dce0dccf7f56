import type { KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { Building2, CalendarClock, MapPin, Users } from 'lucide-react'
import { formatRupees } from '@common/money'
import { ClientTrustMarks } from '@/components/trust-marks'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import type { Job } from '../api/get-jobs'
import { categoryLabel, placeLabel } from '../lib/filters'
import { deadlineText, freeNote, isClosed, paymentLabel, rateText } from '../lib/format'
import { HighlightedText } from './highlighted-text'
import { SLOT, withSlot } from '@/lib/with-slot'

/** product.md §3: a card shows at most 2 skills, then '+N'. */
export const CARD_SKILLS = 2

/** Moves focus between cards with the arrow keys (Tab still walks every link). */
export function onCardListKeyDown(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  const links = [...e.currentTarget.querySelectorAll<HTMLElement>('a[data-card-link]')]
  const at = links.indexOf(document.activeElement as HTMLElement)
  if (at === -1) return
  const next = links[at + (e.key === 'ArrowDown' ? 1 : -1)]
  if (next) {
    e.preventDefault()
    next.focus()
  }
}

/**
 * A job card (product.md §3): category, deadline ('N days left' / 'Closed'), title, company and place, ≤ 2 skills
 * then '+N', money in rupees with Indian grouping, and the creator linking to /m/{userId}. The title is the card's
 * one link and stretches over the card; the creator link sits above it.
 */
export function JobCard({
  job,
  to,
  selected = false,
  replace = false,
  showDescription = false,
}: {
  job: Job
  to: string
  selected?: boolean
  replace?: boolean
  showDescription?: boolean
}) {
  const t = useT()
  const closed = isClosed(job)
  const deadline = deadlineText(job)
  const shown = job.skills.slice(0, CARD_SKILLS)
  const more = job.skills.length - shown.length
  const h = job.highlights
  const free = job.isFree && job.total === 0

  return (
    <article
      className={cn(
        'group relative flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs transition-[border-color,box-shadow] hover:border-slate-300 hover:shadow-sm',
        'has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-ring has-[[data-card-link]:focus-visible]:ring-offset-2',
        selected && 'border-primary/60 shadow-sm ring-1 ring-primary/30 hover:border-primary/60',
      )}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="accent">{categoryLabel(job.category, t)}</Badge>
        {job.isFree ? <Badge className="bg-emerald-50 text-emerald-700">{t('jobs.free')}</Badge> : null}
        {job.isDiscounted ? (
          <Badge className="bg-amber-50 text-amber-700">{t('jobs.badge.discounted')}</Badge>
        ) : null}
        {job.status === 'draft' ? <Badge variant="outline">{t('jobs.card.draft')}</Badge> : null}
        {deadline ? (
          <span
            className={cn(
              'ml-auto inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
              closed ? 'text-red-600' : 'text-slate-500',
            )}
          >
            <CalendarClock className="size-3.5" aria-hidden />
            {deadline}
          </span>
        ) : null}
      </div>

      <div className="min-w-0">
        <h2 className="text-[15px] leading-snug font-semibold text-slate-900">
          <Link
            to={to}
            replace={replace}
            preventScrollReset={replace}
            data-card-link
            aria-current={selected ? 'true' : undefined}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:text-primary"
          >
            <HighlightedText text={job.title} ranges={h?.title} />
          </Link>
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          {job.company ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
              <span className="truncate">{job.company.name}</span>
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3.5 shrink-0 text-slate-400" aria-hidden />
            {placeLabel(job.locationPreference, t)}
          </span>
        </p>
      </div>

      {showDescription ? (
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-600">
          {h?.description ? (
            <>
              {/* The snippet is cut from the description: say so where it is. */}
              {job.description.startsWith(h.description.text) ? '' : '…'}
              <HighlightedText text={h.description.text} ranges={h.description.ranges} />
              {job.description.endsWith(h.description.text) ? '' : '…'}
            </>
          ) : (
            job.description
          )}
        </p>
      ) : null}

      {job.skills.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('jobs.skills')}>
          {shown.map((s) => (
            <li key={s} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {s}
            </li>
          ))}
          {more > 0 ? (
            <li
              className="rounded-md border border-dashed px-2 py-0.5 text-xs font-medium text-slate-500"
              aria-label={t('jobs.card.moreSkills', { count: more })}
              title={job.skills.slice(CARD_SKILLS).join(', ')}
            >
              +{more}
            </li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 border-t pt-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-slate-900 tabular-nums">
            {free ? t('jobs.free') : rateText(job)}
          </p>
          <p className="text-xs text-muted-foreground">
            {[
              free ? freeNote(job) : paymentLabel(job.paymentType),
              !free && job.paymentType !== 'one-time'
                ? t('jobs.card.total', { amount: formatRupees(job.total) })
                : null,
              job.prize ? t('jobs.card.prize', { amount: formatRupees(job.prize) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {job.isFree && !free ? <p className="text-xs text-muted-foreground">{freeNote(job)}</p> : null}
        </div>
        <div className="flex flex-col items-end gap-0.5 text-xs text-slate-500">
          <span className="max-w-48 truncate">
            {withSlot(
              t('jobs.card.by', { name: SLOT }),
              <Link
                to={paths.profile.href(job.created_by.userId)}
                className="relative z-10 rounded font-medium text-slate-700 underline-offset-2 outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {job.created_by.fullname}
              </Link>,
            )}
          </span>
          <ClientTrustMarks trust={job.clientTrust} className="justify-end" />
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden />
            {t('jobs.card.applied', { count: job.applicationCount })}
          </span>
        </div>
      </div>
    </article>
  )
}

/** A card-shaped placeholder while jobs load. */
export function JobCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border bg-card p-4" aria-hidden>
      <div className="flex justify-between">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-4 w-16" />
      </div>
      <Skeleton className="h-5 w-4/5" />
      <Skeleton className="h-4 w-1/2" />
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-14" />
        <Skeleton className="h-5 w-16" />
      </div>
      <Skeleton className="h-10 bg-slate-100" />
    </div>
  )
}
