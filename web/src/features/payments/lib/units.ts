import type { PaymentJob } from '../api/types'

/** Units (per-unit) or cycles (recurring) the job's total is made of; 1 for one-time. */
export const totalUnitsOf = (job: PaymentJob) =>
  job.paymentType === 'per-unit' ? (job.units ?? 1) : job.paymentType === 'recurring' ? (job.cycles ?? 1) : 1

export const unitWord = (job: Pick<PaymentJob, 'paymentType'>, n: number) =>
  job.paymentType === 'recurring' ? (n === 1 ? 'cycle' : 'cycles') : n === 1 ? 'unit' : 'units'

/** Spec §5 "Partial payment": a whole number clamped to 1..max (blank or nonsense becomes 1). */
export function clampUnits(value: number | string, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10)
  if (!Number.isFinite(n)) return 1
  return Math.min(Math.max(Math.trunc(n), 1), Math.max(max, 1))
}

/** What `units` of a job cost, in rupees (two decimals, like the server's paise). */
export const priceOf = (job: PaymentJob, units: number) =>
  job.paymentType === 'one-time' ? job.total : Math.round((job.rate ?? 0) * 100 * units) / 100
