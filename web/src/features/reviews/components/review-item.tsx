import type { ReviewDtoType } from '@common/schemas/review'
import { useT } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { Stars } from './stars'

/** One review: stars, words, who wrote it and when. */
export function ReviewItem({ review, heading }: { review: ReviewDtoType; heading?: string }) {
  const t = useT()
  return (
    <article className="flex flex-col gap-1.5 rounded-xl border bg-slate-50/60 p-3" aria-label={heading}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {heading ? <h3 className="text-sm font-semibold">{heading}</h3> : null}
        <Stars rating={review.rating} />
      </div>
      <p className="text-sm whitespace-pre-line break-words text-slate-800">{review.text}</p>
      <p className="text-xs text-muted-foreground">
        {t('contract.reviews.byline', {
          name: review.author.fullname,
          role: review.authorRole === 'client' ? 'client' : 'freelancer',
          date: formatDate(review.createdAt),
        })}
      </p>
    </article>
  )
}
