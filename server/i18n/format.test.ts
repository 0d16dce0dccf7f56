import { describe, expect, it } from 'vitest'
import { formatMoment, formatMoney, money, moment, translate } from '.'

describe('money and moments inside server sentences, per reader (ADR 078)', () => {
  it('English keeps the texts the spec fixes: ₹800.00, two decimals, lakh grouping', () => {
    expect(formatMoney('en-IN', 80000)).toBe('₹800.00')
    expect(formatMoney('en-IN', 15000000)).toBe('₹1,50,000.00')
    expect(formatMoney('en-IN', 150050)).toBe('₹1,500.50')
  })

  it('Hindi: lakh grouping, paise only when there are paise', () => {
    expect(formatMoney('hi-IN', 15000000)).toBe('₹1,50,000')
    expect(formatMoney('hi-IN', 150050)).toBe('₹1,500.50')
    expect(formatMoney('hi-IN', 1)).toBe('₹0.01')
  })

  it('a moment is the day and time in India (IST), in the reader’s words', () => {
    const d = new Date('2026-11-29T04:30:00Z') // 10:00 in India
    expect(formatMoment('en-IN', d)).toBe('29 Nov 2026, 10:00 am')
    expect(formatMoment('hi-IN', d)).toBe('29 नव॰ 2026, 10:00 am')
    expect(formatMoment('hi-IN', d.toISOString())).toBe('29 नव॰ 2026, 10:00 am')
  })

  it('translate formats raw arguments for each language; English sentences stay byte for byte', () => {
    const params = { amount: money(15000000), title: 'Logo' }
    expect(translate('en-IN', 'notifications.payment.released', params)).toBe(
      '₹1,50,000.00 was released to you for “Logo”',
    )
    expect(translate('hi-IN', 'notifications.payment.released', params)).toContain('₹1,50,000 ')
    expect(translate('hi-IN', 'notifications.payment.released', params)).not.toContain('.00')
    const when = moment(new Date('2026-11-29T04:30:00Z'))
    expect(translate('en-IN', 'emails.delivery.reminderSubject', { title: 'Logo', when })).toBe(
      'Review the work on “Logo” before 29 Nov 2026, 10:00 am',
    )
    expect(translate('hi-IN', 'emails.delivery.reminderSubject', { title: 'Logo', when })).toContain(
      '29 नव॰ 2026, 10:00 am',
    )
  })
})
