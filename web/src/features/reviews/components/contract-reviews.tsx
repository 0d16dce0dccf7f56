import { useId, useState, type FormEvent } from 'react'
import { AlertTriangle, Star } from 'lucide-react'
import { toast } from 'sonner'
import { REVIEW, ReviewBody } from '@common/schemas/review'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useT, type Translate } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { errorText, httpStatus } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useContractReviews, useWriteReview } from '../api/reviews'
import { ReviewItem } from './review-item'
import { StarPicker } from './stars'

/**
 * The contract page's reviews section (ADR 055, 060): once the contract has ended, each side rates the other 1–5
 * stars with a few words; the other side's review shows only once both wrote or the review time ended.
 */
export function ContractReviews({ contractId }: { contractId: string }) {
  const t = useT()
  const q = useContractReviews(contractId)
  if (q.isPending)
    return (
      <div aria-busy="true" aria-label={t('contract.reviews.loading')}>
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    )
  if (q.isError) {
    // The contract's own section says when the contract is missing or not the reader's.
    const s = httpStatus(q.error)
    if (s === 403 || s === 404) return null
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 py-4 text-sm">
          <AlertTriangle className="size-4 text-amber-600" aria-hidden />
          {errorText(q.error, t('contract.reviews.loadFailed'))}
          <Button size="sm" variant="outline" onClick={() => void q.refetch()}>
            {t('contract.tryAgain')}
          </Button>
        </CardContent>
      </Card>
    )
  }
  const s = q.data
  if (!s.ended) return null
  const until = s.windowEndsAt ? formatDate(s.windowEndsAt) : ''

  return (
    <Card role="region" aria-labelledby="contract-reviews-title">
      <CardHeader>
        <CardTitle id="contract-reviews-title" className="flex items-center gap-2">
          <Star className="size-4 text-amber-500" aria-hidden /> {t('contract.reviews.title')}
        </CardTitle>
        {s.canReview ? (
          <p className="text-sm text-muted-foreground">{t('contract.reviews.rateBy', { until })}</p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {s.canReview ? <ReviewForm contractId={contractId} /> : null}
        {s.mine ? <ReviewItem review={s.mine} heading={t('contract.reviews.yours')} /> : null}
        {s.theirs ? (
          <ReviewItem review={s.theirs} heading={t('contract.reviews.theirs')} />
        ) : (
          <p className="rounded-xl border border-dashed p-3 text-sm text-muted-foreground" role="status">
            {!s.windowOpen
              ? t('contract.reviews.ended')
              : s.theyWrote && !s.mine
                ? t('contract.reviews.theyWrote', { until })
                : s.theyWrote
                  ? t('contract.reviews.appearsOn', { until })
                  : t('contract.reviews.appearsWhen', { until })}
          </p>
        )}
      </CardContent>
    </Card>
  )
}

/** The form's checks (the shared schema's), in the reader's language. */
function issueText(t: Translate, field: 'rating' | 'text', code: string): string {
  if (field === 'rating') return t('contract.reviews.ratingRequired')
  return code === 'too_big'
    ? t('contract.reviews.textTooLong', { max: REVIEW.textMax })
    : t('contract.reviews.textRequired')
}

function ReviewForm({ contractId }: { contractId: string }) {
  const t = useT()
  const id = useId()
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({})
  const write = useWriteReview(contractId)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = ReviewBody.safeParse({ rating: rating || undefined, text })
    if (!parsed.success) {
      const next: typeof errors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'rating' | 'text'
        next[field] ??= issueText(t, field, issue.code)
      }
      setErrors(next)
      return
    }
    setErrors({})
    // A promise, not mutate's callbacks: the form unmounts as soon as the answer says it is written.
    write.mutateAsync(parsed.data).then(
      (a) => toast.success(a.message),
      (err) => toastError(err, t('contract.reviews.postFailed')),
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={t('contract.reviews.write')}
    >
      <div>
        <StarPicker name={`${id}-rating`} value={rating} onChange={setRating} invalid={!!errors.rating} />
        {errors.rating ? (
          <p className="mt-1 text-sm text-destructive" role="alert">
            {errors.rating}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-text`}>{t('contract.reviews.yours')}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={REVIEW.textMax}
          rows={4}
          placeholder={t('contract.reviews.placeholder')}
          aria-invalid={!!errors.text || undefined}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
        />
        {errors.text ? (
          <p id={`${id}-text-error`} className="text-sm text-destructive" role="alert">
            {errors.text}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="self-start" disabled={write.isPending}>
        {write.isPending ? <Spinner /> : null} {t('contract.reviews.post')}
      </Button>
    </form>
  )
}
