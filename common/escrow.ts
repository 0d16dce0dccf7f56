/**
 * Escrow arithmetic, written once for the server and the web app: what a job costs for N units, how many units are
 * left to fund, when it is fully funded, and the fund status a ledger's totals give. Integer paise throughout; the
 * web app converts the API's rupees at its edge.
 */
import type { FundStatus } from './schemas/payment'

export type PaymentType = 'one-time' | 'per-unit' | 'recurring'

/** What a job's price is made of. One-time jobs cost `totalPaise` once; the others `ratePaise` per unit or cycle. */
export interface PricedJob {
  paymentType: PaymentType
  units: number | null
  cycles: number | null
  ratePaise: number | null
  totalPaise: number
}

/** Money and units a job's ledger holds (paise / units), each movement kind summed on its own. */
export interface EscrowTotals {
  funded: number
  released: number
  refunded: number
  fundedUnits: number
  releasedUnits: number
  refundedUnits: number
}

/** How many units (per-unit), cycles (recurring) or 1 (one-time) the job's total is made of. */
export const totalUnitsOf = (job: Pick<PricedJob, 'paymentType' | 'units' | 'cycles'>): number =>
  job.paymentType === 'per-unit' ? (job.units ?? 1) : job.paymentType === 'recurring' ? (job.cycles ?? 1) : 1

/** The price of `units` units of a job, in paise (a one-time job has one price, whatever the count). */
export const priceOfUnits = (
  job: Pick<PricedJob, 'paymentType' | 'ratePaise' | 'totalPaise'>,
  units: number,
) => (job.paymentType === 'one-time' ? job.totalPaise : (job.ratePaise ?? 0) * units)

/** A job priced at ₹0 has nothing to hold in escrow: no order, not a ₹0 checkout. */
export const costsNothing = (job: Pick<PricedJob, 'paymentType' | 'ratePaise' | 'totalPaise'>) =>
  priceOfUnits(job, 1) <= 0

/** Units still to fund, given the units funded net of refunds (never below 0). */
export const unitsLeft = (job: Pick<PricedJob, 'paymentType' | 'units' | 'cycles'>, fundedUnits: number) =>
  Math.max(0, totalUnitsOf(job) - fundedUnits)

/** Nothing left to fund: every unit is funded, or a one-time job has been funded at all. */
export const isFullyFunded = (
  job: Pick<PricedJob, 'paymentType' | 'units' | 'cycles'>,
  fundedUnits: number,
) => unitsLeft(job, fundedUnits) <= 0 || (job.paymentType === 'one-time' && fundedUnits > 0)

/** A whole count clamped to 1..max (a max below 1 still allows 1). */
export const clampUnits = (n: number, max: number): number =>
  Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 1), Math.max(max, 1)) : 1

/** Units funded net of refunds. */
export const netFundedUnits = (t: EscrowTotals) => t.fundedUnits - t.refundedUnits

/** Paise held in escrow: funded, less what was refunded or released. */
export const inEscrowPaise = (t: Pick<EscrowTotals, 'funded' | 'refunded' | 'released'>) =>
  t.funded - t.refunded - t.released

/** Units held in escrow: funded net of refunds, less those released. */
export const unitsInEscrow = (t: EscrowTotals) => netFundedUnits(t) - t.releasedUnits

/** The fund status a job's totals give: money held wins, then money paid out, else nothing yet. */
export function fundStatusOf(t: Pick<EscrowTotals, 'funded' | 'refunded' | 'released'>): FundStatus {
  if (inEscrowPaise(t) > 0) return 'In Escrow'
  return t.released > 0 ? 'Released' : 'Not Initiated'
}

/**
 * What releasing `units` of the `heldUnits` in escrow pays out, in paise: all that is held when every held unit (or
 * a one-time job) is released, else their price, never more than is held.
 */
export function releaseAmountOf(
  job: Pick<PricedJob, 'paymentType' | 'ratePaise' | 'totalPaise'>,
  held: { paise: number; units: number },
  units: number,
) {
  if (job.paymentType === 'one-time' || units >= held.units) return held.paise
  return Math.min(held.paise, priceOfUnits(job, units))
}

/** "cycles" for a recurring job, "units" otherwise. */
export const unitsNoun = (job: Pick<PricedJob, 'paymentType'>) =>
  job.paymentType === 'recurring' ? 'cycles' : 'units'

/** "cycle"/"unit" for one, "cycles"/"units" for any other count. */
export const unitWord = (job: Pick<PricedJob, 'paymentType'>, n: number) =>
  n === 1 ? (job.paymentType === 'recurring' ? 'cycle' : 'unit') : unitsNoun(job)
