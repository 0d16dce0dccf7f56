import { IST_OFFSET_MS } from '@common/financial-year'
import { groupIndian } from '@common/money'

/**
 * How the money documents write amounts, dates and text (ADR 051). Amounts are integer paise in and exact text out —
 * no floating point between the ledger and the page.
 */

/** Paise as rupees with Indian grouping and two decimals: 15000050 → "1,50,000.50". */
export function rupeesText(paise: number): string {
  const abs = Math.abs(paise)
  const text = `${groupIndian(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`
  return paise < 0 ? `-${text}` : text
}

/** The standard PDF fonts have no ₹ (U+20B9), so the documents write the ISO code: "INR 1,50,000.50". */
export const inr = (paise: number) => `INR ${rupeesText(paise)}`

/** Plain rupees with two decimals and no grouping, for CSV: 15000050 → "150000.50". */
export function csvRupees(paise: number): string {
  const abs = Math.abs(paise)
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ')
}

/** A whole number in Indian words (thousand, lakh, crore): 150000 → "One Lakh Fifty Thousand". */
export function indianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('A whole number ≥ 0')
  if (n === 0) return 'Zero'
  const parts: string[] = []
  const crore = Math.floor(n / 1_00_00_000)
  if (crore > 0) parts.push(`${indianWords(crore)} Crore`)
  let rest = n % 1_00_00_000
  for (const [size, name] of [
    [1_00_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ] as const) {
    const count = Math.floor(rest / size)
    if (count > 0) parts.push(`${belowHundred(count)} ${name}`)
    rest %= size
  }
  if (rest > 0) parts.push(belowHundred(rest))
  return parts.join(' ')
}

/** An amount as an Indian invoice writes it in words: 15000050 → "Rupees One Lakh Fifty Thousand and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100)
  const p = paise % 100
  return `Rupees ${indianWords(rupees)}${p > 0 ? ` and ${belowHundred(p)} Paise` : ''} Only`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const ist = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS)

/** The calendar date in India: "26 Nov 2026". */
export function dateText(d: Date): string {
  const t = ist(d)
  return `${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`
}

/** The calendar date in India as ISO: "2026-11-26" (CSV and the list's `date`). */
export const isoDateIst = (d: Date) => ist(d).toISOString().slice(0, 10)

// Windows-1252 beyond Latin-1: what the standard fonts can draw besides U+0020–U+007E and U+00A0–U+00FF.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

/**
 * Text the standard fonts can draw: accents are kept where Windows-1252 has the letter, dropped where it does not
 * ("Ś" → "S"), and anything else (Devanagari, emoji, control characters) becomes "?". A name the font cannot write
 * is better shown as "?" than as another character's glyph.
 */
export function drawable(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFC')) {
    const c = ch.codePointAt(0)!
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch
    else if (c === 0x20b9) out += 'INR '
    else if (c === 0x09 || c === 0x0a || c === 0x0d) out += ' '
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      const known = base.length > 0 && /^[\x20-\x7e]+$/.test(base)
      // One "?" for a run of characters the font lacks (a word in Devanagari), not one per character.
      if (known) out += base
      else if (!out.endsWith('?')) out += '?'
    }
  }
  return out
}
