import { describe, expect, it } from 'vitest'
import { financialYearBounds, financialYearOf, invoiceNumber, isFinancialYear } from './financial-year'

describe('financialYearOf', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf(new Date('2026-11-26T10:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2027-02-15T10:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2026-04-15T10:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2026-03-15T10:00:00Z'))).toBe('2025-26')
  })

  it('turns at midnight in India, 18:30 UTC the evening before', () => {
    // 2027-03-31T20:00Z is 01:30 on 1 April 2027 in IST: already the next year.
    expect(financialYearOf(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28')
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27')
    expect(financialYearOf(Date.parse('2027-03-31T18:30:00Z'))).toBe('2027-28')
    // 00:10 on 1 April 2026 in IST is 18:40 UTC on 31 March.
    expect(financialYearOf(new Date('2026-03-31T18:40:00Z'))).toBe('2026-27')
  })

  it('writes the century turn with two digits', () => {
    expect(financialYearOf(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00')
    expect(financialYearOf(new Date('2009-06-01T00:00:00Z'))).toBe('2009-10')
  })

  it('refuses an invalid date', () => {
    expect(() => financialYearOf(new Date('nope'))).toThrow(RangeError)
  })
})

describe('financialYearBounds', () => {
  it('spans 1 April 00:00 IST to the next 1 April 00:00 IST', () => {
    const { start, end } = financialYearBounds('2026-27')
    expect(start.toISOString()).toBe('2026-03-31T18:30:00.000Z')
    expect(end.toISOString()).toBe('2027-03-31T18:30:00.000Z')
    expect(financialYearOf(start)).toBe('2026-27')
    expect(financialYearOf(end.getTime() - 1)).toBe('2026-27')
    expect(financialYearOf(end)).toBe('2027-28')
  })

  it('accepts only yyyy-yy with consecutive years', () => {
    expect(isFinancialYear('2026-27')).toBe(true)
    expect(isFinancialYear('2099-00')).toBe(true)
    for (const fy of ['2026-28', '2026-2027', '26-27', '2026/27', ''])
      expect(isFinancialYear(fy), fy).toBe(false)
    expect(() => financialYearBounds('2026-28')).toThrow(RangeError)
  })
})

describe('invoiceNumber', () => {
  it('writes <prefix>/<yy-yy>/<serial padded to 6>', () => {
    expect(invoiceNumber('ML', '2026-27', 42)).toBe('ML/26-27/000042')
    expect(invoiceNumber('ML', '2026-27', 1)).toBe('ML/26-27/000001')
  })

  it('allows up to 16 characters (GST rule 46(b)) and throws past them', () => {
    // 'ML/26-27/' is 9 characters, leaving 7 for the serial.
    expect(invoiceNumber('ML', '2026-27', 9_999_999)).toBe('ML/26-27/9999999')
    expect(invoiceNumber('ML', '2026-27', 9_999_999)).toHaveLength(16)
    expect(() => invoiceNumber('ML', '2026-27', 10_000_000)).toThrow(/longer than 16/)
    expect(() => invoiceNumber('MLX', '2026-27', 1_000_000)).toThrow(RangeError)
    expect(() => invoiceNumber('MICROLANCE', '2026-27', 1)).toThrow(RangeError)
  })

  it('refuses a bad prefix, year or serial', () => {
    expect(() => invoiceNumber('M L', '2026-27', 1)).toThrow(RangeError)
    expect(() => invoiceNumber('M/L', '2026-27', 1)).toThrow(RangeError)
    expect(() => invoiceNumber('', '2026-27', 1)).toThrow(RangeError)
    expect(() => invoiceNumber('ML', '2026', 1)).toThrow(RangeError)
    expect(() => invoiceNumber('ML', '2026-27', 0)).toThrow(RangeError)
    expect(() => invoiceNumber('ML', '2026-27', 1.5)).toThrow(RangeError)
  })
})
