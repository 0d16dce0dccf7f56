import { AlertTriangle, CalendarCheck, CheckCircle2, MessageSquareQuote } from 'lucide-react'
import { RatingSummary, TrustBadge } from '@/components/trust-marks'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/i18n'
import { useReputation, useUserReviews } from '../api/reviews'
import { ReviewItem } from './review-item'

/**
 * A profile's facts (ADR 060): rating, jobs completed, on-time deliveries, badges, and the reviews anyone may read.
 * `handle` is the person's userId (the profile's address), `id` their user id.
 */
export function ProfileReputation({ handle, id }: { handle: string; id: string }) {
  const t = useT()
  const rep = useReputation(handle)
  const reviews = useUserReviews(id)
  if (rep.isPending)
    return (
      <div aria-busy="true" aria-label={t('contract.reviews.loading')}>
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    )
  if (rep.isError || !rep.data)
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 py-4 text-sm">
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
          {t('contract.reviews.profileFailed')}
          <Button size="sm" variant="outline" onClick={() => void rep.refetch()}>
            {t('contract.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    )
  const r = rep.data
  return (
    <section aria-labelledby="profile-reviews" className="flex flex-col gap-4">
      <Card>
        <CardHeader className="gap-3">
          <CardTitle id="profile-reviews">{t('contract.reviews.trackRecord')}</CardTitle>
          <div className="flex flex-wrap items-center gap-2" data-testid="profile-reputation">
            <RatingSummary rating={r.rating} empty={t('contract.reviews.noneYetShort')} className="text-sm" />
            {r.badges.map((b) => (
              <TrustBadge key={b} badge={b} />
            ))}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
            <div className="rounded-xl border p-3">
              <dt className="flex items-center gap-1.5 text-muted-foreground">
                <CheckCircle2 className="size-4" aria-hidden /> {t('contract.reviews.jobsCompleted')}
              </dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{r.jobsCompleted}</dd>
            </div>
            <div className="rounded-xl border p-3">
              <dt className="flex items-center gap-1.5 text-muted-foreground">
                <CalendarCheck className="size-4" aria-hidden /> {t('contract.reviews.onTime')}
              </dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">
                {r.onTimeDeliveries}
                {r.deliveriesWithDeadline ? (
                  <span className="text-sm font-normal text-muted-foreground">
                    {t('contract.reviews.ofTotal', { total: r.deliveriesWithDeadline })}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
          {reviews.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : reviews.isError ? (
            <p className="text-sm text-muted-foreground">{t('contract.reviews.loadFailed')}</p>
          ) : reviews.data.length ? (
            <ul className="flex flex-col gap-3" aria-label={t('contract.reviews.title')}>
              {reviews.data.map((rv) => (
                <li key={rv._id}>
                  <ReviewItem review={rv} />
                  <p className="mt-1 px-1 text-xs text-muted-foreground">
                    {t('contract.reviews.forJob', { job: rv.jobTitle })}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-2 rounded-xl border border-dashed p-3 text-sm text-muted-foreground">
              <MessageSquareQuote className="size-4" aria-hidden /> {t('contract.reviews.noneYet')}
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
