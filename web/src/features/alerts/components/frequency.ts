import type { MessageKey } from '@/i18n'
import type { AlertFrequency, ApplicantFrequency } from '../api/alerts'

/** Each choice's words in the catalogue. */
export const FREQUENCY_LABELS: Record<AlertFrequency, MessageKey> = {
  instant: 'account.freq.instant',
  daily: 'account.freq.daily',
  weekly: 'account.freq.weekly',
}

export const APPLICANT_LABELS: Record<ApplicantFrequency, MessageKey> = {
  instant: 'account.freq.instant',
  daily: 'account.freq.daily',
  off: 'account.freq.off',
}

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'
