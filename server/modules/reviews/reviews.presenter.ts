import type { ContractReviewStateType, ReviewDtoType } from '@common/schemas/review'
import type { ReviewView, ReviewWindow } from './reviews.repo'

/** The API's review. */
export function presentReview(r: ReviewView): ReviewDtoType {
  return {
    _id: r.id,
    contractId: r.contractId,
    jobTitle: r.jobTitle,
    author: { _id: r.authorId, userId: r.authorUserId, fullname: r.authorFullname },
    authorRole: r.authorRole,
    rating: r.rating,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
  }
}

/** The contract's review section for `viewerId`: the other side's content only once it is visible. */
export function presentState(
  viewerId: string,
  window: ReviewWindow | null,
  rows: ReviewView[],
): ContractReviewStateType {
  const mine = rows.find((r) => r.authorId === viewerId) ?? null
  const theirs = rows.find((r) => r.authorId !== viewerId) ?? null
  const visible = !!theirs && (theirs.visibleAt !== null || (!!window && !window.open))
  return {
    ended: !!window,
    windowEndsAt: window ? window.endsAt.toISOString() : null,
    windowOpen: !!window && window.open,
    canReview: !!window && window.open && !mine,
    mine: mine ? presentReview(mine) : null,
    theyWrote: !!theirs,
    theirs: visible ? presentReview(theirs!) : null,
  }
}
