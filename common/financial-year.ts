/**
 * India's financial year (1 April – 31 March, in India Standard Time) and the GST invoice numbers that run within
 * one. A year is written '2026-27' (the form the documents route takes: `?year=2026-27`).
 */

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000

const FY_RE = /^(\d{4})-(\d{2})$/

/** Whether `fy` is a financial year written as '2026-27' (the second part is the next year's last two digits). */
export function isFinancialYear(fy: string): boolean {
  const m = FY_RE.exec(fy)
  return m !== null && (Number(m[1]) + 1) % 100 === Number(m[2])
}

const label = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`

/**
 * The financial year an instant falls in, by the calendar in India: 2027-03-31T18:29:59.999Z is still '2026-27'
 * (23:59 on 31 March in IST), 2027-03-31T18:30:00Z is '2027-28'.
 */
export function financialYearOf(date: Date | number): string {
  const ist = new Date((typeof date === 'number' ? date : date.getTime()) + IST_OFFSET_MS)
  if (Number.isNaN(ist.getTime())) throw new RangeError('Invalid date')
  const year = ist.getUTCFullYear()
  return label(ist.getUTCMonth() >= 3 ? year : year - 1)
}

/** The instants a financial year spans: from 1 April 00:00 IST (inclusive) to the next 1 April 00:00 IST (exclusive). */
export function financialYearBounds(fy: string): { start: Date; end: Date } {
  if (!isFinancialYear(fy)) throw new RangeError(`Not a financial year: ${fy} (expected e.g. 2026-27)`)
  const startYear = Number(fy.slice(0, 4))
  return {
    start: new Date(Date.UTC(startYear, 3, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(startYear + 1, 3, 1) - IST_OFFSET_MS),
  }
}

/** GST rule 46(b): an invoice's serial number has at most 16 characters. */
export const INVOICE_NUMBER_MAX_LENGTH = 16
/** Serial numbers are zero-padded to at least this many digits, so they sort as text within a year. */
export const INVOICE_SEQ_DIGITS = 6

/**
 * A GST invoice number `<prefix>/<yy-yy>/<seq>`: invoiceNumber('ML', '2026-27', 42) → 'ML/26-27/000042'. Rule 46(b)
 * allows letters, digits, '-' and '/', at most 16 characters, unique within the financial year; the caller keeps `seq`
 * consecutive per year. Throws when the number would be longer than 16 characters.
 */
export function invoiceNumber(prefix: string, fy: string, seq: number): string {
  if (!/^[A-Za-z0-9-]+$/.test(prefix)) throw new RangeError('An invoice prefix is letters, digits or "-"')
  if (!isFinancialYear(fy)) throw new RangeError(`Not a financial year: ${fy} (expected e.g. 2026-27)`)
  if (!Number.isSafeInteger(seq) || seq < 1)
    throw new RangeError('An invoice serial is a whole number from 1')
  const number = `${prefix}/${fy.slice(2)}/${String(seq).padStart(INVOICE_SEQ_DIGITS, '0')}`
  if (number.length > INVOICE_NUMBER_MAX_LENGTH)
    throw new RangeError(`Invoice number ${number} is longer than ${INVOICE_NUMBER_MAX_LENGTH} characters`)
  return number
}
