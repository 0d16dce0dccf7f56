import type { PeriodicTask } from '../tasks/scheduler'
import type { ReviewsService } from './reviews.service'

export const REVIEWS_TASK = 'review-windows'

/** Reveals reviews whose window closed, once per period across instances (ADR 018, 055). */
export function reviewsTask(reviews: ReviewsService, everyMs = 60_000): PeriodicTask {
  return { name: REVIEWS_TASK, everyMs, run: () => reviews.revealDue() }
}
