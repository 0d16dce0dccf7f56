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
  // Delivery (0017_delivery.sql): changes asked, the client's reminder before the window ends, the auto-release.
  'changes_requested',
  'review_reminder',
  'payment_auto_released',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
