import { describe, expect, it } from 'vitest'
import {
  caretAfterSignificant,
  editAmountText,
  groupAmountText,
  parseAmountText,
  significantBefore,
} from './amount-text'

describe('parseAmountText', () => {
  it('reads Indian grouping, plain digits and paise', () => {
    expect(parseAmountText('1,50,000')).toBe('150000')
    expect(parseAmountText('150000')).toBe('150000')
    expect(parseAmountText('1,50,000.50')).toBe('150000.50')
    expect(parseAmountText('₹ 1,00,00,000')).toBe('10000000')
    // Grouped the western way, it is still the same number.
    expect(parseAmountText('150,000')).toBe('150000')
  })

  it('keeps what is half-typed', () => {
    expect(parseAmountText('')).toBe('')
    expect(parseAmountText('12.')).toBe('12.')
    expect(parseAmountText('.5')).toBe('.5')
  })

  it('refuses what is not an amount', () => {
    expect(parseAmountText('12a')).toBeNull()
    expect(parseAmountText('1.2.3')).toBeNull()
    expect(parseAmountText('1.234')).toBeNull()
    expect(parseAmountText('-5')).toBeNull()
    expect(parseAmountText('1e5')).toBeNull()
    expect(parseAmountText('5.5', 0)).toBeNull()
  })
})

describe('groupAmountText', () => {
  it('groups lakhs and crores (3, then 2s)', () => {
    expect(groupAmountText('')).toBe('')
    expect(groupAmountText('999')).toBe('999')
    expect(groupAmountText('1000')).toBe('1,000')
    expect(groupAmountText('60000')).toBe('60,000')
    expect(groupAmountText('150000')).toBe('1,50,000')
    expect(groupAmountText('10000000')).toBe('1,00,00,000')
    expect(groupAmountText('150000.5')).toBe('1,50,000.5')
    expect(groupAmountText('150000.')).toBe('1,50,000.')
  })

  it('agrees with Intl en-IN for whole rupees', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })
    for (const n of [7, 42, 999, 1000, 12345, 123456, 1234567, 12345678, 123456789, 1000000000])
      expect(groupAmountText(String(n))).toBe(intl.format(n))
  })
})

describe('caret', () => {
  it('counts digits before the caret and finds them again after grouping', () => {
    expect(significantBefore('1,50,000', 4)).toBe(3)
    expect(caretAfterSignificant('1,50,000', 3)).toBe(4)
    expect(caretAfterSignificant('1,50,000', 0)).toBe(0)
    expect(caretAfterSignificant('1,50,000', 99)).toBe(8)
  })
})

describe('editAmountText', () => {
  it('formats as you type, the caret after the digit just typed', () => {
    // "15000" + "0" at the end → 1,50,000, caret at the end.
    expect(editAmountText('15000', '15,0000', 7)).toEqual({ plain: '150000', grouped: '1,50,000', caret: 8 })
    // A digit typed in the middle: "1,5|0,000" + "2" → 1520000 → 15,20,000, caret after the 2.
    expect(editAmountText('150000', '1,520,000', 4)).toEqual({
      plain: '1520000',
      grouped: '15,20,000',
      caret: 4,
    })
  })

  it('takes a pasted grouped amount whole', () => {
    expect(editAmountText('', '1,50,000.50', 11)).toEqual({
      plain: '150000.50',
      grouped: '1,50,000.50',
      caret: 11,
    })
  })

  it('deletes the digit before a comma that was deleted', () => {
    // "1,|50,000" Backspace removes the comma → "150,000", caret at 1: the 1 goes.
    expect(editAmountText('150000', '150,000', 1)).toEqual({ plain: '50000', grouped: '50,000', caret: 0 })
  })

  it('drops leading zeros but keeps 0.5', () => {
    expect(editAmountText('0', '05', 2)).toEqual({ plain: '5', grouped: '5', caret: 1 })
    expect(editAmountText('0', '0.5', 3)).toEqual({ plain: '0.5', grouped: '0.5', caret: 3 })
  })

  it('refuses a change that is not an amount', () => {
    expect(editAmountText('150000', '1,50,000x', 9)).toBeNull()
    expect(editAmountText('10.25', '10.255', 6)).toBeNull()
  })
})
