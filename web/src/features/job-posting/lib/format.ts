import { rupees } from '@/lib/rupees'
import type { PaymentType } from '@common/schemas/job'
import { t } from '@/i18n'

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

/** A job's price in a phrase: "₹600.00 × 20 units", "₹25,000.00 monthly × 3". */
export function priceSummary(j: {
  paymentType: PaymentType
  amount: number | null
  rate: number | null
  units: number | null
  cycles: number | null
  frequency: string | null
}): string {
  if (j.paymentType === 'one-time') return t('posting.price.fixed')
  const rate = rupees(j.rate ?? 0)
  if (j.paymentType === 'per-unit') return t('posting.price.perUnit', { rate, units: j.units ?? 0 })
  const cycles = j.cycles ?? 1
  if (j.frequency === 'weekly') return t('posting.price.weekly', { rate, cycles })
  if (j.frequency === 'monthly') return t('posting.price.monthly', { rate, cycles })
  return t('posting.price.cycles', { rate, cycles })
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
  if (o.filtered)
    return o.more
      ? t('posting.count.matchingOfFirst', { matching: o.matching, loaded: o.loaded })
      : t('posting.count.matchingOf', { matching: o.matching, loaded: o.loaded })
  if (o.more) return t('posting.count.more', { loaded: o.loaded })
  return t('posting.count.jobs', { count: o.loaded })
}
