/** Money travels as integer paise inside the server and as rupees (≤ 2 decimals) in the API. */

// Building an Intl formatter loads the locale's data, which costs a phone tens of milliseconds on the first page it
// shows; these few formats are written out here instead, with the same output as `Intl.NumberFormat('en-IN', …)`
// (money.test.ts compares them), and Intl stays the answer for what they do not cover (docs/decisions/024-first-paint.md).
let intlInr: Intl.NumberFormat | undefined
const viaIntl = (n: number) =>
  (intlInr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })).format(n)

/** Indian digit grouping of a string of digits: "12345678" → "1,23,45,678". */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  let rest = digits.slice(0, -3)
  const groups: string[] = []
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2))
    rest = rest.slice(0, -2)
  }
  if (rest) groups.unshift(rest)
  return `${groups.join(',')},${digits.slice(-3)}`
}

/** A whole number with Indian grouping, as `n.toLocaleString('en-IN')` writes it: 1234567 → "12,34,567". */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN')
  return (n < 0 ? '-' : '') + groupIndian(String(Math.abs(n)))
}

function inr(n: number): string {
  const text = String(Math.abs(n))
  if (!Number.isFinite(n) || text.includes('e')) return viaIntl(n)
  let [whole, fraction = ''] = text.split('.')
  if (fraction.length > 2) {
    // Rounded half away from zero on the decimal digits, as Intl does.
    const up = fraction[2] >= '5'
    fraction = fraction.slice(0, 2)
    if (up) {
      const cents = (BigInt(whole + fraction) + 1n).toString().padStart(3, '0')
      whole = cents.slice(0, -2)
      fraction = cents.slice(-2)
    }
  }
  const sign = n < 0 || Object.is(n, -0) ? '-' : ''
  return `${sign}₹${groupIndian(whole)}.${fraction.padEnd(2, '0')}`
}

/** Formats paise as rupees with Indian digit grouping: 10000000 → "₹1,00,000.00". */
export function formatPaise(paise: number): string {
  return inr(paise / 100)
}

/** Formats a rupee amount (as the API carries it) with Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return inr(rupees)
}

const perLanguage = new Map<string, Intl.NumberFormat>()
/**
 * Rupees as a reader of `language` reads them (issue 26): whole rupees without `.00`, paise only when there are paise,
 * grouped in lakhs and crores — ₹1,50,000 · ₹1,500.50. Used by the web app's screens and the server's Hindi sentences;
 * its formatters are built on first use and kept.
 */
export function formatRupeesIn(language: string, rupees: number): string {
  const whole = Math.round(rupees * 100) % 100 === 0
  const id = `${language}:${whole}`
  let f = perLanguage.get(id)
  if (!f) {
    const digits = whole ? 0 : 2
    f = new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    perLanguage.set(id, f)
  }
  return f.format(rupees)
}

/** Rupees (at most 2 decimals) → integer paise, rounding half away from zero on float noise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/** Integer paise → rupees for API answers. */
export function paiseToRupees(paise: number): number {
  return paise / 100
}
