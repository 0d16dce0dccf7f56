import { t } from '@/i18n'
import { formatDate, formatRelative } from '@/i18n/format'

/** "5 minutes ago", "yesterday" in the reader's language; older than a week shows the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 45) return t('feed.time.justNow')
  if (abs < 3600) return formatRelative(Math.round(seconds / 60), 'minute')
  if (abs < 86400) return formatRelative(Math.round(seconds / 3600), 'hour')
  if (abs < 7 * 86400) return formatRelative(Math.round(seconds / 86400), 'day')
  return formatDate(iso)
}
