import { describe, expect, it } from 'vitest'
import {
  chosenFinancialYear,
  currentFinancialYear,
  financialYearChoices,
  financialYearSpan,
  inFinancialYear,
  previousFinancialYear,
} from './financial-years'

const nov2026 = new Date('2026-11-26T10:00:00Z')

describe('currentFinancialYear', () => {
  it('runs April to March in India', () => {
    expect(currentFinancialYear(nov2026)).toBe('2026-27')
    expect(currentFinancialYear(new Date('2027-03-31T18:29:00Z'))).toBe('2026-27')
    expect(currentFinancialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28')
  })
})

describe('chosenFinancialYear', () => {
  it('keeps a well-formed year and falls back to the current one', () => {
    expect(chosenFinancialYear('2025-26', nov2026)).toBe('2025-26')
    expect(chosenFinancialYear('2025-27', nov2026)).toBe('2026-27')
    expect(chosenFinancialYear('last year', nov2026)).toBe('2026-27')
    expect(chosenFinancialYear(null, nov2026)).toBe('2026-27')
  })
})

describe('financialYearChoices', () => {
  it('lists each year once, newest first, with the current and chosen ones', () => {
    expect(financialYearChoices(['2024-25', '2026-27', '2024-25'], '2023-24', nov2026)).toEqual([
      '2026-27',
      '2025-26',
      '2024-25',
      '2023-24',
    ])
  })
  it('drops what is not a financial year', () => {
    expect(financialYearChoices(['2025', 'x', '1999-00'], '2026-27', nov2026)).toEqual([
      '2026-27',
      '2025-26',
      '1999-00',
    ])
  })
})

describe('inFinancialYear', () => {
  it('takes 1 April 00:00 IST in and the next 1 April out', () => {
    expect(inFinancialYear('2026-03-31T18:30:00.000Z', '2026-27')).toBe(true)
    expect(inFinancialYear('2026-03-31T18:29:59.999Z', '2026-27')).toBe(false)
    expect(inFinancialYear('2027-03-31T18:29:59.999Z', '2026-27')).toBe(true)
    expect(inFinancialYear('2027-03-31T18:30:00.000Z', '2026-27')).toBe(false)
  })
  it('is false for a missing or unreadable date', () => {
    expect(inFinancialYear(undefined, '2026-27')).toBe(false)
    expect(inFinancialYear('soon', '2026-27')).toBe(false)
    expect(inFinancialYear('2026-11-26T00:00:00Z', 'FY27')).toBe(false)
  })
})

describe('previousFinancialYear', () => {
  it('steps back a year, across a century too', () => {
    expect(previousFinancialYear('2026-27')).toBe('2025-26')
    expect(previousFinancialYear('2000-01')).toBe('1999-00')
  })
})

describe('financialYearSpan', () => {
  it('names the months', () => {
    expect(financialYearSpan('2026-27')).toBe('April 2026 – March 2027')
  })
})
