import { formatPaise, formatRupeesIn } from '@common/money'
import { DEFAULT_LANGUAGE, type Language } from '@common/languages'

/**
 * Amounts and moments inside server sentences, formatted for the reader's language in this one place (issue 26,
 * ADR 078). A message's arguments carry them raw — `money(paise)`, `moment(date)` — and are formatted when the message
 * is rendered for a reader, so a stored notification re-renders in whichever language its reader switches to.
 *
 * English keeps the texts the spec and the tests fix: `@common/money`'s `₹800.00` and `29 Nov 2026, 10:00 am` (IST).
 * Hindi follows the web app's formats (web/src/i18n/format.ts): rupees with lakh grouping, paise only when there are
 * paise (`₹1,50,000`, `₹1,500.50`), and the day and time in India in Hindi (`29 नव॰ 2026, 10:00 am`).
 */
export type Money = { paise: number }
export type Moment = { at: string }
/** Another catalogue sentence inside this one, rendered in the same language (a field's own message). */
export type Nested = { key: string; params: Record<string, Arg> }
export type Arg = string | number | Money | Moment | Nested

export const money = (paise: number): Money => ({ paise })
export const moment = (d: Date | string): Moment => ({ at: typeof d === 'string' ? d : d.toISOString() })

const IST = 'Asia/Kolkata'
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(id: string, make: () => T): T {
  let f = cache.get(id) as T | undefined
  if (!f) cache.set(id, (f = make()))
  return f
}

/** Paise as the reader reads rupees. */
export function formatMoney(language: Language, paise: number): string {
  return language === DEFAULT_LANGUAGE ? formatPaise(paise) : formatRupeesIn(language, paise / 100)
}

/** A day and time in India (IST), as the reader writes it. */
export function formatMoment(language: Language, d: Date | string): string {
  return cached(
    `moment:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: IST }),
  ).format(typeof d === 'string' ? new Date(d) : d)
}

const isMoney = (v: unknown): v is Money =>
  typeof v === 'object' && v !== null && typeof (v as Money).paise === 'number'
const isMoment = (v: unknown): v is Moment =>
  typeof v === 'object' && v !== null && typeof (v as Moment).at === 'string'

/** One argument as text (or a number, for ICU plurals) in `language`; a nested sentence is the caller's. */
export function formatArg(language: Language, v: Exclude<Arg, Nested>): string | number {
  if (isMoney(v)) return formatMoney(language, v.paise)
  if (isMoment(v)) return formatMoment(language, v.at)
  return v
}
