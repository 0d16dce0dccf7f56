import { describe, expect, it } from 'vitest'
import { taxParts, taxTotal } from './tax-figure'

describe('taxTotal', () => {
  it('adds CGST and SGST to the paisa without float noise', () => {
    expect(taxTotal({ cgst: 0.1, sgst: 0.2, igst: 0 })).toBe(0.3)
    expect(taxTotal({ cgst: 45.05, sgst: 45.05 })).toBe(90.1)
  })
  it('takes a single figure as it is and a missing one as 0', () => {
    expect(taxTotal(18.5)).toBe(18.5)
    expect(taxTotal(undefined)).toBe(0)
    expect(taxTotal(null)).toBe(0)
  })
})

describe('taxParts', () => {
  it('names the parts that were charged', () => {
    expect(taxParts({ cgst: 9, sgst: 9, igst: 0 })).toBe('CGST ₹9.00 + SGST ₹9.00')
    expect(taxParts({ cgst: 0, sgst: 0, igst: 1800 })).toBe('IGST ₹1,800.00')
  })
  it('is empty for a single figure or nothing', () => {
    expect(taxParts(18)).toBe('')
    expect(taxParts({ cgst: 0, sgst: 0, igst: 0 })).toBe('')
  })
})
