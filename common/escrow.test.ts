import { describe, expect, it } from 'vitest'
import {
  clampUnits,
  costsNothing,
  fundStatusOf,
  inEscrowPaise,
  isFullyFunded,
  netFundedUnits,
  priceOfUnits,
  releaseAmountOf,
  totalUnitsOf,
  unitsInEscrow,
  unitsLeft,
  unitsNoun,
  unitWord,
  type EscrowTotals,
  type PricedJob,
} from './escrow'

const perUnit: PricedJob = {
  paymentType: 'per-unit',
  units: 5,
  cycles: null,
  ratePaise: 33_333,
  totalPaise: 166_665,
}
const recurring: PricedJob = {
  paymentType: 'recurring',
  units: null,
  cycles: 4,
  ratePaise: 50_000,
  totalPaise: 200_000,
}
const oneTime: PricedJob = {
  paymentType: 'one-time',
  units: null,
  cycles: null,
  ratePaise: null,
  totalPaise: 1_250_000,
}

const totals = (over: Partial<EscrowTotals> = {}): EscrowTotals => ({
  funded: 0,
  released: 0,
  refunded: 0,
  fundedUnits: 0,
  releasedUnits: 0,
  refundedUnits: 0,
  ...over,
})

describe('totalUnitsOf', () => {
  it('counts units for a per-unit job', () => expect(totalUnitsOf(perUnit)).toBe(5))
  it('counts cycles for a recurring job', () => expect(totalUnitsOf(recurring)).toBe(4))
  it('counts a one-time job as one unit', () => expect(totalUnitsOf(oneTime)).toBe(1))
  it('counts a job with no count as one unit', () =>
    expect(totalUnitsOf({ ...perUnit, units: null })).toBe(1))
})

describe('priceOfUnits', () => {
  it('charges the rate per unit in whole paise', () => expect(priceOfUnits(perUnit, 3)).toBe(99_999))
  it('charges a one-time job its total whatever the count', () =>
    expect(priceOfUnits(oneTime, 3)).toBe(1_250_000))
  it('charges nothing when a per-unit job has no rate', () =>
    expect(priceOfUnits({ ...perUnit, ratePaise: null }, 2)).toBe(0))
})

describe('costsNothing', () => {
  it('is true for a job priced at ₹0', () => expect(costsNothing({ ...oneTime, totalPaise: 0 })).toBe(true))
  it('is false for a priced job', () => expect(costsNothing(perUnit)).toBe(false))
})

describe('unitsLeft and isFullyFunded', () => {
  it('leaves the units not yet funded', () => expect(unitsLeft(perUnit, 2)).toBe(3))
  it('never leaves fewer than zero units', () => expect(unitsLeft(perUnit, 7)).toBe(0))
  it('is not fully funded while units are left', () => expect(isFullyFunded(recurring, 3)).toBe(false))
  it('is fully funded once every unit is funded', () => expect(isFullyFunded(recurring, 4)).toBe(true))
  it('is fully funded once a one-time job is funded at all', () =>
    expect(isFullyFunded(oneTime, 1)).toBe(true))
  it('is not fully funded before a one-time job is funded', () =>
    expect(isFullyFunded(oneTime, 0)).toBe(false))
})

describe('clampUnits', () => {
  it('caps a count at the maximum', () => expect(clampUnits(9, 5)).toBe(5))
  it('raises a count below one to one', () => expect(clampUnits(-3, 5)).toBe(1))
  it('drops a fraction', () => expect(clampUnits(2.7, 5)).toBe(2))
  it('turns a non-number into one', () => expect(clampUnits(Number.NaN, 5)).toBe(1))
  it('allows one when the maximum is below one', () => expect(clampUnits(3, 0)).toBe(1))
})

describe('ledger totals', () => {
  const t = totals({
    funded: 100_000,
    refunded: 20_000,
    released: 30_000,
    fundedUnits: 5,
    refundedUnits: 1,
    releasedUnits: 2,
  })
  it('nets funded units of refunds', () => expect(netFundedUnits(t)).toBe(4))
  it('holds what was funded less refunds and releases', () => expect(inEscrowPaise(t)).toBe(50_000))
  it('holds the net funded units less those released', () => expect(unitsInEscrow(t)).toBe(2))
})

describe('fundStatusOf', () => {
  it('is Not Initiated before any money moves', () => expect(fundStatusOf(totals())).toBe('Not Initiated'))
  it('is In Escrow while money is held', () =>
    expect(fundStatusOf(totals({ funded: 100, released: 40 }))).toBe('In Escrow'))
  it('is Released once all held money was paid out', () =>
    expect(fundStatusOf(totals({ funded: 100, released: 100 }))).toBe('Released'))
  it('is Not Initiated again when everything was refunded', () =>
    expect(fundStatusOf(totals({ funded: 100, refunded: 100 }))).toBe('Not Initiated'))
})

describe('releaseAmountOf', () => {
  const held = { paise: 166_665, units: 5 }
  it('pays the price of part of the held units', () => expect(releaseAmountOf(perUnit, held, 2)).toBe(66_666))
  it('pays all that is held when every held unit is released', () =>
    expect(releaseAmountOf(perUnit, held, 5)).toBe(166_665))
  it('pays all that is held for a one-time job', () =>
    expect(releaseAmountOf(oneTime, { paise: 1_250_000, units: 1 }, 1)).toBe(1_250_000))
  it('never pays more than is held', () =>
    expect(releaseAmountOf(perUnit, { paise: 10_000, units: 5 }, 2)).toBe(10_000))
})

describe('unit words', () => {
  it('says cycles for a recurring job', () => expect(unitsNoun(recurring)).toBe('cycles'))
  it('says units for a per-unit job', () => expect(unitsNoun(perUnit)).toBe('units'))
  it('says the singular for one', () => expect(unitWord(recurring, 1)).toBe('cycle'))
  it('says the plural for any other count', () => expect(unitWord(perUnit, 0)).toBe('units'))
})
