import { describe, expect, it } from 'vitest'
import type { Job } from '../api/get-jobs'
import { deadlineText, paymentBreakdown } from './format'

const NOW = Date.parse('2026-11-22T10:00:00Z')
const job = (over: Partial<Job>) =>
  ({ status: 'active', archived: false, deadline: null, ...over }) as unknown as Job

describe('deadlineText', () => {
  it("reads 'N days left', or 'Closed' once passed or closed", () => {
    expect(deadlineText(job({ deadline: '2026-11-25T10:00:00Z' }), NOW)).toBe('3 days left')
    expect(deadlineText(job({ deadline: '2026-11-23T09:00:00Z' }), NOW)).toBe('1 day left')
    expect(deadlineText(job({ deadline: '2026-11-22T20:00:00Z' }), NOW)).toMatch(
      /^(Closes today|1 day left)$/,
    )
    expect(deadlineText(job({ deadline: '2026-11-21T10:00:00Z' }), NOW)).toBe('Closed')
    expect(deadlineText(job({ status: 'closed' }), NOW)).toBe('Closed')
    expect(deadlineText(job({}), NOW)).toBeNull()
  })
})

describe('paymentBreakdown', () => {
  const base = { amount: null, rate: null, units: null, cycles: null, frequency: null, hours: null, total: 0 }
  it('spells out each payment model with Indian grouping', () => {
    expect(
      paymentBreakdown({ ...base, paymentType: 'one-time', amount: 100000, total: 100000 }),
    ).toMatchObject({
      label: 'One-time',
      lines: [{ label: 'Amount', value: '₹1,00,000.00' }],
    })
    expect(
      paymentBreakdown({ ...base, paymentType: 'per-unit', rate: 800, units: 30, total: 24000 }).formula,
    ).toBe('₹800.00 × 30 units')
    expect(
      paymentBreakdown({ ...base, paymentType: 'recurring', rate: 45000, cycles: 3, frequency: 'monthly' }),
    ).toMatchObject({ label: 'Recurring (monthly)', formula: '₹45,000.00 × 3 months' })
    expect(
      paymentBreakdown({ ...base, paymentType: 'hourly' as Job['paymentType'], rate: 500, hours: 20 }).label,
    ).toBe('Hourly')
  })
})
