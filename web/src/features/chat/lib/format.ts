// Chat's days and times in the reader's language, through the app's one date and time format (i18n/format.ts), and
// in the time zone it writes them in (India's): a separator's day and the times under it always agree.
import { t } from '@/i18n'
import { formatDate, formatTime } from '@/i18n/format'

const IST_DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
})

/** Calendar-day key of a timestamp in India, "2026-10-22" (months from 0): one separator per day. */
export const dayKey = (iso: string | Date) => {
  const parts = Object.fromEntries(IST_DAY.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.year}-${Number(parts.month) - 1}-${Number(parts.day)}`
}

/** Days since 1970 of a day key, to count the days between two. */
const dayNumber = (key: string) => {
  const [y, m, d] = key.split('-').map(Number)
  return Date.UTC(y, m, d) / 86_400_000
}

/** 'Today', 'Yesterday', or the date in the reader's language. */
export function dayLabel(iso: string, now = new Date()): string {
  const diff = dayNumber(dayKey(now)) - dayNumber(dayKey(iso))
  if (diff === 0) return t('chat.day.today')
  if (diff === 1) return t('chat.day.yesterday')
  return formatDate(iso)
}

/** A message's time of day: "3:30 pm". */
export const timeLabel = (iso: string) => formatTime(iso)

/** The list's date: the time today, otherwise the day. */
export function listDate(iso: string, now = new Date()): string {
  return dayKey(iso) === dayKey(now) ? timeLabel(iso) : dayLabel(iso, now)
}
