import { describe, expect, it } from 'vitest'
import type { PaymentJob } from '../api/types'
import { clampUnits, priceOf, totalUnitsOf } from './units'

const job = (over: Partial<PaymentJob>): PaymentJob => ({
  _id: 'j',
  title: 'T',
  paymentType: 'per-unit',
  units: 5,
  cycles: null,
  rate: 333.33,
  amount: null,
  total: 1666.65,
  fundStatus: 'Not Initiated',
  fundedAmount: 0,
  fundedUnits: 0,
  status: 'active',
  created_by: { _id: 'c' },
  ...over,
})

describe('payment units (product.md §8 "Partial payment")', () => {
  it('clamps to 1..max and turns nonsense into 1', () => {
    expect(clampUnits('9', 5)).toBe(5)
    expect(clampUnits('0', 5)).toBe(1)
    expect(clampUnits('-3', 5)).toBe(1)
    expect(clampUnits('2.7', 5)).toBe(2)
    expect(clampUnits('abc', 5)).toBe(1)
    expect(clampUnits(3, 5)).toBe(3)
  })
  it('prices units in whole paise and knows each model’s total', () => {
    expect(priceOf(job({}), 3)).toBe(999.99)
    expect(priceOf(job({ paymentType: 'one-time', total: 12500 }), 1)).toBe(12500)
    expect(totalUnitsOf(job({}))).toBe(5)
    expect(totalUnitsOf(job({ paymentType: 'recurring', cycles: 4 }))).toBe(4)
    expect(totalUnitsOf(job({ paymentType: 'one-time' }))).toBe(1)
  })
})
