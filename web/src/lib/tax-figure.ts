import { rupees } from './rupees'

/** A tax as the money routes carry it (ADR 050): one figure, or its parts (CGST + SGST, or IGST). Rupees. */
export type TaxFigure = number | { cgst?: number; sgst?: number; igst?: number } | null | undefined

const paise = (rupees: number | null | undefined) => Math.round((rupees ?? 0) * 100)

/** A tax figure's total in rupees, to the paisa; a missing figure is 0. */
export function taxTotal(tax: TaxFigure): number {
  if (tax == null) return 0
  if (typeof tax === 'number') return tax
  return (paise(tax.cgst) + paise(tax.sgst) + paise(tax.igst)) / 100
}

/** How a tax figure was charged, for a line's small print: "CGST ₹9.00 + SGST ₹9.00", "IGST ₹18.00", or ''. */
export function taxParts(tax: TaxFigure): string {
  if (tax == null || typeof tax === 'number') return ''
  const parts: string[] = []
  if (tax.cgst) parts.push(`CGST ${rupees(tax.cgst)}`)
  if (tax.sgst) parts.push(`SGST ${rupees(tax.sgst)}`)
  if (tax.igst) parts.push(`IGST ${rupees(tax.igst)}`)
  return parts.join(' + ')
}
