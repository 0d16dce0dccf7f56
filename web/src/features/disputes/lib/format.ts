import { formatDateTime } from '@/i18n/format'

/** Dates in the reader's language, in India's time: "26 Nov 2026, 7:05 pm" (one format per language, format.ts). */
export const formatWhen = (iso: string) => formatDateTime(iso)

/** Rupees typed into a form, as a number with at most 2 decimals (NaN for anything else). */
export const parseRupees = (s: string) => {
  const t = s.trim().replace(/,/g, '')
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : NaN
}

/** Sums in paise, so 0.1 + 0.2 is exactly 0.3. */
export const addsUpTo = (a: number, b: number, total: number) =>
  Math.round(a * 100) + Math.round(b * 100) === Math.round(total * 100)

/** A timeline or audit kind the catalogue does not know, as words: "settlement_proposed" → "Settlement proposed". */
export const kindLabel = (kind: string) => {
  const w = kind.replace(/_/g, ' ')
  return w.charAt(0).toUpperCase() + w.slice(1)
}
