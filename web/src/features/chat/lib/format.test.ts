import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { dayKey, dayLabel, listDate } from './format'

beforeAll(async () => {
  await loadAreas(['chat'])
  await languageReady('en-IN')
})

/** A moment in India, whatever the machine's time zone. */
const ist = (s: string) => new Date(`${s}+05:30`)

describe('chat dates (days and times in India, as the app writes every date)', () => {
  const now = ist('2026-11-22T15:00')
  it('labels today and yesterday, then the date', () => {
    expect(dayLabel(ist('2026-11-22T00:05').toISOString(), now)).toBe('Today')
    expect(dayLabel(ist('2026-11-21T23:59').toISOString(), now)).toBe('Yesterday')
    expect(dayLabel(ist('2025-01-03T12:00').toISOString(), now)).toBe('3 Jan 2025')
  })
  it('groups by calendar day in India', () => {
    expect(dayKey(ist('2026-11-22T00:01').toISOString())).toBe(dayKey(ist('2026-11-22T23:59').toISOString()))
    expect(dayKey(ist('2026-11-22T00:01').toISOString())).not.toBe(
      dayKey(ist('2026-11-21T23:59').toISOString()),
    )
    // New Year in India comes before it does in UTC.
    expect(dayKey(ist('2027-01-01T01:00'))).toBe('2027-0-1')
  })
  it('shows a time for today in the list and a day otherwise', () => {
    expect(listDate(ist('2026-11-22T09:30').toISOString(), now)).toMatch(/9:30/)
    expect(listDate(ist('2026-11-21T09:30').toISOString(), now)).toBe('Yesterday')
  })
  it('speaks Hindi when the reader reads Hindi', async () => {
    await loadAreas(['chat'])
    await languageReady('hi-IN')
    try {
      expect(dayLabel(ist('2026-11-22T10:00').toISOString(), now)).toBe('आज')
      expect(dayLabel(ist('2026-11-21T10:00').toISOString(), now)).toBe('कल')
      expect(dayLabel(ist('2026-11-03T10:00').toISOString(), now)).toMatch(/नव/)
    } finally {
      await languageReady('en-IN')
    }
  })
})
