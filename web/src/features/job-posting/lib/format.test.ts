import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { jobCountText, priceSummary } from './format'

beforeAll(() => languageReady('en-IN').then(() => loadAreas(['posting'])))

describe('jobCountText', () => {
  it('counts every job when all have loaded', () => {
    expect(jobCountText({ matching: 1, loaded: 1, more: false, filtered: false })).toBe('1 job')
    expect(jobCountText({ matching: 7, loaded: 7, more: false, filtered: false })).toBe('7 jobs')
    expect(jobCountText({ matching: 2, loaded: 7, more: false, filtered: true })).toBe('2 of 7 jobs')
  })

  it('does not pass a loaded page off as the whole list', () => {
    expect(jobCountText({ matching: 100, loaded: 100, more: true, filtered: false })).toBe('100+ jobs')
    expect(jobCountText({ matching: 3, loaded: 100, more: true, filtered: true })).toBe(
      '3 of the first 100 jobs',
    )
  })

  it('prices a job in a phrase', () => {
    const job = { amount: null, rate: 600, units: 20, cycles: null, frequency: null }
    expect(priceSummary({ ...job, paymentType: 'per-unit' })).toBe('₹600.00 × 20 units')
    expect(priceSummary({ ...job, paymentType: 'per-unit', units: 1 })).toBe('₹600.00 × 1 unit')
    expect(priceSummary({ ...job, paymentType: 'recurring', cycles: 3, frequency: 'monthly' })).toBe(
      '₹600.00 monthly × 3',
    )
  })
})

describe('in Hindi', () => {
  it('counts jobs and prices units in Hindi words (Hindi counts 0 as one)', async () => {
    await languageReady('hi-IN')
    try {
      expect(jobCountText({ matching: 0, loaded: 0, more: false, filtered: false })).toBe('0 नौकरी')
      expect(jobCountText({ matching: 7, loaded: 7, more: false, filtered: false })).toBe('7 नौकरियाँ')
      expect(jobCountText({ matching: 2, loaded: 7, more: false, filtered: true })).toBe('7 में से 2 नौकरियाँ')
      const job = { amount: null, rate: 600, units: 20, cycles: null, frequency: null }
      expect(priceSummary({ ...job, paymentType: 'per-unit' })).toBe('₹600 × 20 यूनिट')
      expect(priceSummary({ ...job, paymentType: 'recurring', cycles: 3, frequency: 'monthly' })).toBe(
        '₹600 हर महीने × 3',
      )
    } finally {
      await languageReady('en-IN')
    }
  })
})
