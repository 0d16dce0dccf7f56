import type { AlertFrequency, ApplicantFrequency } from '../api/alerts'

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily at 9 am',
  weekly: 'Weekly, Monday 9 am',
}

export const APPLICANT_LABELS: Record<ApplicantFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily at 9 am',
  off: 'Off',
}

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'
