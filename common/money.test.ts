import { describe, expect, it } from 'vitest'
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money'

describe('money', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatPaise(10_000_000)).toBe('₹1,00,000.00')
    expect(formatPaise(123_456_789)).toBe('₹12,34,567.89')
    expect(formatPaise(5)).toBe('₹0.05')
    expect(formatRupees(2500.5)).toBe('₹2,500.50')
  })
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999)
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
    expect(rupeesToPaise(1_00_000)).toBe(10_000_000)
    expect(paiseToRupees(1999)).toBe(19.99)
  })
})
