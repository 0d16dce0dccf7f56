/**
 * Rupee amounts as people in India type them: "1,50,000", "150000" or "1,50,000.50". The form keeps the plain number
 * ("150000.50"); the field shows it grouped the Indian way (lakh, crore) as it is typed, the caret staying beside the
 * digit it was after.
 */

/** Most digits after the point (paise). */
const DECIMALS = 2

/**
 * The plain number in `text` ("1,50,000.5" → "150000.5"), or null when it is not an amount. Commas (anywhere, as
 * people group differently), spaces and a leading ₹ are dropped; one point with at most two digits after it may stay,
 * so what is half-typed ("12." or "") is still an amount.
 */
export function parseAmountText(text: string, decimals = DECIMALS): string | null {
  const plain = text.replace(/^\s*₹/, '').replace(/[,\s]/g, '')
  const pattern = decimals > 0 ? new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`) : /^\d*$/
  return pattern.test(plain) ? plain : null
}

/** "150000.5" → "1,50,000.5": the whole part grouped 3 then 2s (en-IN), the point and paise as typed. */
export function groupAmountText(plain: string): string {
  const point = plain.indexOf('.')
  const whole = point === -1 ? plain : plain.slice(0, point)
  const rest = point === -1 ? '' : plain.slice(point)
  if (whole.length <= 3) return whole + rest
  const last3 = whole.slice(-3)
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')
  return `${head},${last3}${rest}`
}

/** How many characters that are not grouping commas stand before `caret` in `text`. */
export const significantBefore = (text: string, caret: number) =>
  text.slice(0, caret).replace(/,/g, '').length

/** The caret position in `grouped` just after its `count`-th character that is not a comma. */
export function caretAfterSignificant(grouped: string, count: number): number {
  if (count <= 0) return 0
  let seen = 0
  for (let i = 0; i < grouped.length; i++) {
    if (grouped[i] !== ',') seen++
    if (seen === count) return i + 1
  }
  return grouped.length
}

/**
 * One edit of a grouped field: what the user's change (`typed`, caret at `caret`) makes of `previous` (plain). Null
 * when the change is not an amount (it is refused). Deleting only a comma deletes the digit before it instead, as
 * the comma is not the user's to delete.
 */
export function editAmountText(
  previous: string,
  typed: string,
  caret: number,
  decimals = DECIMALS,
): { plain: string; grouped: string; caret: number } | null {
  let plain = parseAmountText(typed, decimals)
  if (plain === null) return null
  let count = significantBefore(typed, caret)
  const shown = groupAmountText(previous)
  if (plain === previous && typed.length === shown.length - 1 && count > 0) {
    // A lone comma went: take the digit before where it was.
    plain = plain.slice(0, count - 1) + plain.slice(count)
    count -= 1
  }
  // Leading zeros go ("007" → "7"), a lone "0" or "0.5" stays.
  const trimmed = plain.replace(/^0+(?=\d)/, '')
  count -= plain.length - trimmed.length
  const grouped = groupAmountText(trimmed)
  return { plain: trimmed, grouped, caret: caretAfterSignificant(grouped, Math.max(0, count)) }
}
