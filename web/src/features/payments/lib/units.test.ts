import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas, translate, type Language, type Translate } from '@/i18n'
import type { PaymentJob } from '../api/types'
import { clampUnits, priceOf, totalUnitsOf, unitsNounText, unitsText } from './units'

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

describe('units in words', () => {
  beforeAll(async () => {
    for (const l of ['hi-IN', 'en-IN'] as const) {
      await languageReady(l)
      await loadAreas(['money'])
    }
  })
  const tr =
    (l: Language): Translate =>
    (key, values) =>
      translate(key, values, l)
  const recurring = { paymentType: 'recurring' } as const
  const perUnit = { paymentType: 'per-unit' } as const
  it('counts units and cycles in English as before', () => {
    expect(unitsText(tr('en-IN'), perUnit, 1)).toBe('1 unit')
    expect(unitsText(tr('en-IN'), perUnit, 3)).toBe('3 units')
    expect(unitsText(tr('en-IN'), recurring, 1)).toBe('1 cycle')
    expect(unitsText(tr('en-IN'), recurring, 2)).toBe('2 cycles')
    expect(unitsNounText(tr('en-IN'), recurring)).toBe('cycles')
    expect(unitsNounText(tr('en-IN'), perUnit)).toBe('units')
  })
  it('and in Hindi, where 0 and 1 are singular', () => {
    expect(unitsText(tr('hi-IN'), recurring, 0)).toBe('0 किस्त')
    expect(unitsText(tr('hi-IN'), recurring, 2)).toBe('2 किस्तें')
    expect(unitsText(tr('hi-IN'), perUnit, 3)).toBe('3 यूनिट')
  })
})
