/** Money travels as integer paise inside the server and as rupees (≤ 2 decimals) in the API. */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })

/** Formats paise as rupees with Indian digit grouping: 10000000 → "₹1,00,000.00". */
export function formatPaise(paise: number): string {
  return inr.format(paise / 100)
}

/** Formats a rupee amount (as the API carries it) with Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return inr.format(rupees)
}

/** Rupees (at most 2 decimals) → integer paise, rounding half away from zero on float noise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/** Integer paise → rupees for API answers. */
export function paiseToRupees(paise: number): number {
  return paise / 100
}
