import { describe, expect, it } from 'vitest'
import { rupees } from './rupees'

describe('rupees', () => {
  it('keeps English figures as the spec writes them, paise and all', () => {
    expect(rupees(800, 'en-IN')).toBe('₹800.00')
    expect(rupees(150000, 'en-IN')).toBe('₹1,50,000.00')
    expect(rupees(1500.5, 'en-IN')).toBe('₹1,500.50')
  })
  it('writes Hindi figures in lakhs, paise only when there are paise', () => {
    expect(rupees(150000, 'hi-IN')).toBe('₹1,50,000')
    expect(rupees(1500.5, 'hi-IN')).toBe('₹1,500.50')
    expect(rupees(0, 'hi-IN')).toBe('₹0')
  })
})
