import { t } from '@/i18n'

/**
 * The resend button while it waits: seconds for the usual 30 s between two codes, minutes for the hourly limit
 * (up to an hour, where '3412s' means nothing to anyone).
 */
export function resendLabel(seconds: number): string {
  if (seconds <= 0) return t('auth.resend')
  if (seconds <= 90) return t('auth.resendInSeconds', { seconds })
  return t('auth.resendInMinutes', { minutes: Math.ceil(seconds / 60) })
}
