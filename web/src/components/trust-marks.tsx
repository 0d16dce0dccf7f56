import { BadgeCheck, ShieldCheck, Star } from 'lucide-react'
import type { Badge as BadgeName, RatingDtoType } from '@common/schemas/review'
import { useT, type MessageKey } from '@/i18n'
import { cn } from '@/lib/utils'

const BADGE_TEXT: Record<BadgeName, MessageKey> = {
  payment_verified: 'trust.paymentVerified',
  pan_verified: 'trust.panVerified',
}

/** A badge earned from facts (ADR 060): "Payment verified" for a client, "PAN verified" for a freelancer. */
export function TrustBadge({ badge, className }: { badge: BadgeName; className?: string }) {
  const Icon = badge === 'payment_verified' ? BadgeCheck : ShieldCheck
  const t = useT()
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-emerald-200 bg-emerald-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(BADGE_TEXT[badge])}
    </span>
  )
}

/** "★ 4.5 (3)", or "No reviews yet" when `empty` is given and there are none. */
export function RatingSummary({
  rating,
  empty,
  className,
}: {
  rating: RatingDtoType
  empty?: string
  className?: string
}) {
  const t = useT()
  if (!rating.count || rating.average === null)
    return empty ? <span className={cn('text-xs text-muted-foreground', className)}>{empty}</span> : null
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs font-medium text-slate-700', className)}
      aria-label={t('trust.rated', { average: rating.average.toFixed(1), count: rating.count })}
    >
      <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
      <span aria-hidden>
        {rating.average.toFixed(1)} <span className="text-muted-foreground">({rating.count})</span>
      </span>
    </span>
  )
}

/** A job poster's marks on a job card or page: the badge and the rating, compact. */
export function ClientTrustMarks({
  trust,
  className,
}: {
  trust?: { paymentVerified: boolean; rating: RatingDtoType }
  className?: string
}) {
  if (!trust || (!trust.paymentVerified && !trust.rating.count)) return null
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1.5', className)} data-testid="client-trust">
      {trust.paymentVerified ? <TrustBadge badge="payment_verified" /> : null}
      <RatingSummary rating={trust.rating} />
    </span>
  )
}
