import { describe, expect, it } from 'vitest'
import { formatCount, formatPaise, formatRupees, paiseToRupees, rupeesToPaise, formatRupeesIn } from './money'

describe('money', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatPaise(10_000_000)).toBe('₹1,00,000.00')
    expect(formatPaise(123_456_789)).toBe('₹12,34,567.89')
    expect(formatPaise(5)).toBe('₹0.05')
    expect(formatRupees(2500.5)).toBe('₹2,500.50')
  })
  it('writes every amount exactly as Intl.NumberFormat en-IN INR does', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' })
    const samples = [
      0,
      -0,
      0.5,
      0.05,
      0.005,
      0.004999,
      1.005,
      2.675,
      9.995,
      99.999,
      -0.001,
      -1.005,
      12,
      123,
      1234,
      12345,
      123456,
      1234567.891,
      99999999.995,
      1e15,
      123456789012345.67,
      1e20,
      1e21,
      1e-7,
      -12345.6,
      NaN,
      Infinity,
      -Infinity,
    ]
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(random() * 12)
      samples.push(Math.round(random() * magnitude * 100) / 100, random() * magnitude, -random() * magnitude)
    }
    for (const n of samples) expect(formatRupees(n), String(n)).toBe(intl.format(n))
    for (const p of [0, 1, 5, 99, 100, 12345, 10_000_000, 123_456_789, -250])
      expect(formatPaise(p)).toBe(intl.format(p / 100))
  })
  it('groups whole numbers as toLocaleString en-IN does', () => {
    for (const n of [0, 7, 999, 1000, 12345, 123456, 1234567, 123456789012, -98765, 2 ** 53 + 2, 1.5, NaN])
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-IN'))
  })
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999)
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30)
    expect(rupeesToPaise(1_00_000)).toBe(10_000_000)
    expect(paiseToRupees(1999)).toBe(19.99)
  })
})

describe('formatRupeesIn', () => {
  it('writes whole rupees without paise and paise only when there are some, in lakhs, in both languages', () => {
    for (const language of ['en-IN', 'hi-IN']) {
      expect(formatRupeesIn(language, 150000)).toBe('₹1,50,000')
      expect(formatRupeesIn(language, 1500.5)).toBe('₹1,500.50')
      expect(formatRupeesIn(language, 0.01)).toBe('₹0.01')
      expect(formatRupeesIn(language, 12345678)).toBe('₹1,23,45,678')
    }
  })
})
