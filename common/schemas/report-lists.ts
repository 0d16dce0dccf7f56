// What reports are about and their limits (ADR 056), without zod: report.ts builds its schemas from these.
/** What can be reported (ADR 056). */
export const REPORT_TARGETS = ['post', 'job', 'message', 'profile'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]
/** Why, from a short list; `details` says more. */
export const REPORT_REASONS = ['scam', 'asks_payment', 'spam', 'abusive', 'fake', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  asks_payment: 'Asks me to pay or pay outside Microlance',
  spam: 'Spam or misleading',
  abusive: 'Abusive or hateful',
  fake: 'Fake profile or impersonation',
  other: 'Something else',
}
export const REPORT_STATUSES = ['open', 'dismissed', 'handled'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]
export const REPORT_DETAILS_MAX = 1000
export const MODERATION_NOTE_MAX = 500
