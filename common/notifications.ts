/**
 * Every notification type (migration 0003 holds the same list). The original four, a new applicant, escrow, feed
 * (product.md §11).
 */
export const NOTIFICATION_TYPES = [
  'application',
  'application_accepted',
  'application_rejected',
  'message',
  'system',
  'payment_funded',
  'payment_released',
  'payment_refunded',
  'payment_failed',
  'work_submitted',
  'payment_requested',
  'post_liked',
  'post_commented',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
