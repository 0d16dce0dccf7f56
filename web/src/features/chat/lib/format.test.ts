import { describe, expect, it } from 'vitest'
import { dayKey, dayLabel, listDate } from './format'

describe('chat dates', () => {
  const now = new Date(2026, 10, 22, 15, 0)
  it('labels today and yesterday, then the date', () => {
    expect(dayLabel(new Date(2026, 10, 22, 0, 5).toISOString(), now)).toBe('Today')
    expect(dayLabel(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe('Yesterday')
    expect(dayLabel(new Date(2025, 0, 3).toISOString(), now)).toMatch(/2025/)
  })
  it('groups by local calendar day', () => {
    expect(dayKey(new Date(2026, 10, 22, 0, 1).toISOString())).toBe(
      dayKey(new Date(2026, 10, 22, 23, 59).toISOString()),
    )
    expect(dayKey(new Date(2026, 10, 22).toISOString())).not.toBe(
      dayKey(new Date(2026, 10, 21).toISOString()),
    )
  })
  it('shows a time for today in the list and a day otherwise', () => {
    expect(listDate(new Date(2026, 10, 22, 9, 30).toISOString(), now)).toMatch(/9:30/)
    expect(listDate(new Date(2026, 10, 21, 9, 30).toISOString(), now)).toBe('Yesterday')
  })
})
