import { formatRupees } from '@common/money'

/**
 * product.md §13: titles in the posted-jobs list (its "admin" pages) are cut at 20 characters on desktop, 40 on
 * mobile.
 */
export const TITLE_LIMIT = { desktop: 20, mobile: 40 } as const

/** Cuts `text` to `max` characters (counting code points, so an emoji is never split), adding an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text
}

/** Payment model as people read it. */
export const PAYMENT_TYPE_LABEL = {
  'one-time': 'One-time',
  'per-unit': 'Per unit',
  recurring: 'Recurring',
} as const

/** A job's price in a phrase: "₹600.00 × 20 units", "₹25,000.00 monthly × 3". */
export function priceSummary(j: {
  paymentType: keyof typeof PAYMENT_TYPE_LABEL
  amount: number | null
  rate: number | null
  units: number | null
  cycles: number | null
  frequency: string | null
}): string {
  if (j.paymentType === 'one-time') return 'Fixed price'
  if (j.paymentType === 'per-unit')
    return `${formatRupees(j.rate ?? 0)} × ${j.units ?? 0} unit${j.units === 1 ? '' : 's'}`
  const cycles = j.cycles ?? 1
  return `${formatRupees(j.rate ?? 0)} ${j.frequency ?? ''} × ${cycles}`.replace(/\s+/g, ' ')
}

/**
 * The manage list's count. Only what has loaded is known: with more pages to come it says so ("100+ jobs"), and a
 * title filter, which looks only at what has loaded, says how many it looked at.
 */
export function jobCountText(o: {
  matching: number
  loaded: number
  more: boolean
  filtered: boolean
}): string {
  if (o.filtered) return `${o.matching} of ${o.more ? `the first ${o.loaded}` : o.loaded} jobs`
  if (o.more) return `${o.loaded}+ jobs`
  return `${o.loaded} job${o.loaded === 1 ? '' : 's'}`
}
