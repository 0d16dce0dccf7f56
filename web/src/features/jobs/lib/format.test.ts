import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import type { Job } from '../api/get-jobs'
import {
  freeNote,
  deadlineText,
  durationText,
  formatDate,
  paymentBreakdown,
  postedText,
  weeklyHoursText,
} from './format'

beforeAll(async () => {
  await languageReady('en-IN')
  await loadAreas(['jobs'])
})

const NOW = Date.parse('2026-11-22T10:00:00Z')
const job = (over: Partial<Job>) =>
  ({ status: 'active', archived: false, deadline: null, ...over }) as unknown as Job

describe('deadlineText', () => {
  it("reads 'N days left', or 'Closed' once passed or closed", () => {
    expect(deadlineText(job({ deadline: '2026-11-25T10:00:00Z' }), NOW)).toBe('3 days left')
    expect(deadlineText(job({ deadline: '2026-11-23T09:00:00Z' }), NOW)).toBe('1 day left')
    expect(deadlineText(job({ deadline: '2026-11-22T20:00:00Z' }), NOW)).toMatch(/^(0 days left|1 day left)$/)
    // The deadline's own day, in local time whatever the zone: '0 days left', not a third wording.
    const noon = new Date(2026, 10, 22, 12).getTime()
    const lateToday = new Date(2026, 10, 22, 23).toISOString()
    expect(deadlineText(job({ deadline: lateToday }), noon)).toBe('0 days left')
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

describe('dates', () => {
  it("formatDate writes Intl's en-IN medium date in India's time zone", () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    })
    for (let day = 0; day < 800; day += 3) {
      const d = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + 23 * 3_600_000)
      expect(formatDate(d.toISOString())).toBe(intl.format(d))
    }
    expect(() => formatDate('not a date')).toThrow(RangeError)
  })

  it('postedText counts whole days as RelativeTimeFormat en-IN says them, then gives the date', () => {
    const rtf = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' })
    const now = Date.UTC(2026, 10, 23, 12)
    for (let days = 0; days < 30; days++) {
      const iso = new Date(now - days * 86_400_000 - 1000).toISOString()
      expect(postedText(iso, now)).toBe(rtf.format(-days, 'day'))
    }
    const old = new Date(now - 40 * 86_400_000).toISOString()
    expect(postedText(old, now)).toBe(formatDate(old))
    const future = new Date(now + 86_400_000).toISOString()
    expect(postedText(future, now)).toBe(formatDate(future))
  })
})

describe('duration and hours', () => {
  it('say the units the post form asks for', () => {
    expect(durationText(9)).toBe('9 weeks')
    expect(durationText(1)).toBe('1 week')
    expect(durationText(2.5)).toBe('2.5 weeks')
    expect(weeklyHoursText(20)).toBe('20 hours a week')
    expect(weeklyHoursText(1)).toBe('1 hour a week')
  })
})

describe('freeNote', () => {
  it('says who pays whom on a Free listing, with a price or without', () => {
    expect(freeNote({ isFree: true, total: 0 })).toBe('Free · no payment changes hands')
    expect(freeNote({ isFree: true, total: 5000 })).toBe('Free to apply · the client pays the freelancer')
    expect(freeNote({ isFree: false, total: 5000 })).toBeNull()
  })
})

describe('in Hindi', () => {
  it('counts, deadlines and payment models read in Hindi, money as the spec writes it', async () => {
    await languageReady('hi-IN')
    try {
      expect(deadlineText(job({ deadline: '2026-11-25T10:00:00Z' }), NOW)).toBe('3 दिन बाकी')
      expect(deadlineText(job({ status: 'closed' }), NOW)).toBe('बंद')
      expect(durationText(1)).toBe('1 हफ़्ता')
      expect(weeklyHoursText(20)).toBe('हफ़्ते में 20 घंटे')
      const base = {
        amount: null,
        rate: null,
        units: null,
        cycles: null,
        frequency: null,
        hours: null,
        total: 0,
      }
      expect(
        paymentBreakdown({ ...base, paymentType: 'recurring', rate: 45000, cycles: 3, frequency: 'monthly' }),
      ).toMatchObject({ label: 'नियमित (हर महीने)', formula: '₹45,000.00 × 3 महीने' })
      expect(formatDate('2026-11-22T20:00:00Z')).toBe('23 नव॰ 2026')
    } finally {
      await languageReady('en-IN')
    }
  })
})
