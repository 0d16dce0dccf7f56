// Numbers, money and dates in the reader's language, all through Intl (issue 26): one format per language for each,
// used everywhere. Both en-IN and hi-IN group in lakhs and crores (₹1,50,000) and write Latin digits. Formatters are
// built on first use and kept: building one loads locale data, which a phone feels on every call.
import type { Language } from '@common/languages'
import { formatRupeesIn } from '@common/money'
import { getLanguage } from '.'

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  id: string,
  make: () => T,
): T {
  let f = cache.get(id) as T | undefined
  if (!f) cache.set(id, (f = make()))
  return f
}

const IST = 'Asia/Kolkata'

/**
 * Rupees: whole rupees without `.00`, paise only when there are paise. ₹1,50,000 · ₹1,500.50 · -₹25.
 * (The spec's own price texts keep `@common/money`'s two decimals where they are written that way.)
 */
export function formatMoney(rupees: number, language: Language = getLanguage()): string {
  return formatRupeesIn(language, rupees)
}

/** Where space is short: ₹1.5L in English, ₹1.5 लाख in Hindi. */
export function formatMoneyCompact(rupees: number, language: Language = getLanguage()): string {
  return cached(
    `money-compact:${language}`,
    () =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'INR',
        notation: 'compact',
        maximumFractionDigits: 1,
      }),
  ).format(rupees)
}

/** A count or quantity with lakh grouping: 12,34,567. */
export function formatNumber(n: number, language: Language = getLanguage()): string {
  return cached(`number:${language}`, () => new Intl.NumberFormat(language)).format(n)
}

/** A count where space is short: 1.5L / 1.5 लाख, 12K / 12 हज़ार. */
export function formatCompact(n: number, language: Language = getLanguage()): string {
  return cached(
    `compact:${language}`,
    () => new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(n)
}

const toDate = (d: string | number | Date) => (d instanceof Date ? d : new Date(d))

/** A day, in India's time zone: "22 Nov 2026" / "22 नव॰ 2026". */
export function formatDate(d: string | number | Date, language: Language = getLanguage()): string {
  return cached(
    `date:${language}`,
    () =>
      new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric', timeZone: IST }),
  ).format(toDate(d))
}

/** A moment, in India's time zone: "22 Nov 2026, 3:30 pm". */
export function formatDateTime(d: string | number | Date, language: Language = getLanguage()): string {
  return cached(
    `datetime:${language}`,
    () =>
      new Intl.DateTimeFormat(language, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: IST,
      }),
  ).format(toDate(d))
}

/** A time of day in India: "3:30 pm". */
export function formatTime(d: string | number | Date, language: Language = getLanguage()): string {
  return cached(
    `time:${language}`,
    () => new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: IST }),
  ).format(toDate(d))
}

/** How long ago (or ahead), in words: "2 days ago" / "परसों". */
export function formatRelative(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  language: Language = getLanguage(),
): string {
  return cached(
    `relative:${language}`,
    () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' }),
  ).format(value, unit)
}
