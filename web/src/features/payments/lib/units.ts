import * as escrow from '@common/escrow'
import { paiseToRupees, rupeesToPaise } from '@common/money'
import type { Translate } from '@/i18n'
import type { PaymentJob } from '../api/types'

export { isFullyFunded, totalUnitsOf, unitsLeft } from '@common/escrow'

type Typed = Pick<escrow.PricedJob, 'paymentType'>
const cycles = (job: Typed) => (job.paymentType === 'recurring' ? 'yes' : 'no')

/** "1 unit", "3 units", "2 cycles" in the reader's language. */
export const unitsText = (t: Translate, job: Typed, count: number) =>
  t('money.units.count', { cycles: cycles(job), count })

/** "units" or "cycles", with no count. */
export const unitsNounText = (t: Translate, job: Typed) => t('money.units.noun', { cycles: cycles(job) })

/** The job's price in paise, as `@common/escrow` reckons it (the API carries rupees). */
export const pricedJob = (job: PaymentJob): escrow.PricedJob => ({
  paymentType: job.paymentType,
  units: job.units,
  cycles: job.cycles,
  ratePaise: job.rate === null ? null : rupeesToPaise(job.rate),
  totalPaise: rupeesToPaise(job.total),
})

/** product.md §8 "Partial payment": a whole number clamped to 1..max (blank or nonsense becomes 1). */
export function clampUnits(value: number | string, max: number): number {
  return escrow.clampUnits(typeof value === 'number' ? value : Number.parseInt(value, 10), max)
}

/** What `units` of a job cost, in rupees (two decimals, like the server's paise). */
export const priceOf = (job: PaymentJob, units: number) =>
  paiseToRupees(escrow.priceOfUnits(pricedJob(job), units))

/** A job priced at ₹0 has nothing to put in escrow. */
export const costsNothing = (job: PaymentJob) => escrow.costsNothing(pricedJob(job))

/** What releasing `units` of the held units pays out, in rupees (all that is held, or their price). */
export const releaseAmountOf = (job: PaymentJob, held: { rupees: number; units: number }, units: number) =>
  paiseToRupees(
    escrow.releaseAmountOf(pricedJob(job), { paise: rupeesToPaise(held.rupees), units: held.units }, units),
  )
