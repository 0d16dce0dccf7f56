import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { jobCountText } from './format'

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
})
