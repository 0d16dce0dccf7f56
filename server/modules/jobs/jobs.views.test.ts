import { describe, expect, it } from 'vitest'
import { indiaDay, viewMemory } from './jobs.views'

describe('view memory', () => {
  it('numbers the calendar day in India: a new day starts at midnight IST (18:30 UTC)', () => {
    const before = Date.parse('2026-11-27T18:29:59.999Z')
    const after = Date.parse('2026-11-27T18:30:00.000Z')
    expect(indiaDay(after)).toBe(indiaDay(before) + 1)
    expect(indiaDay(Date.parse('2026-11-27T00:00:00Z'))).toBe(indiaDay(Date.parse('2026-11-27T18:29:00Z')))
    // The same day as the ISO date in India, counted from 1970-01-01.
    expect(indiaDay(after)).toBe(Date.parse('2026-11-28T00:00:00Z') / 86_400_000)
  })

  it('remembers a viewer within a day and forgets everyone when the day turns', () => {
    let day = 100
    const views = viewMemory({ today: () => day })
    expect(views.has('job-1', 'ravi')).toBe(false)
    views.add('job-1', 'ravi')
    expect(views.has('job-1', 'ravi')).toBe(true)
    expect(views.has('job-1', 'meera')).toBe(false)
    expect(views.has('job-2', 'ravi')).toBe(false)
    day = 101
    expect(views.has('job-1', 'ravi')).toBe(false)
  })

  it('starts again when full', () => {
    const views = viewMemory({ maxEntries: 2, today: () => 1 })
    views.add('a', 'x')
    views.add('b', 'x')
    // The third pair finds the set full: it starts again with only that pair.
    views.add('c', 'x')
    expect(views.has('c', 'x')).toBe(true)
    expect(views.has('a', 'x')).toBe(false)
  })
})
