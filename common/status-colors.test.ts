import { describe, expect, it } from 'vitest'
import { TONE_COLORS, statusColors, statusTone } from './status-colors'

describe('status palette (one fixed colour per status)', () => {
  it('maps every job, application and fund status', () => {
    expect(statusTone('active')).toBe('success')
    expect(statusTone('draft')).toBe('neutral')
    expect(statusTone('closed')).toBe('danger')
    expect(statusTone('pending')).toBe('warning')
    expect(statusTone('accepted')).toBe('success')
    expect(statusTone('rejected')).toBe('danger')
    expect(statusTone('interview')).toBe('info')
    expect(statusTone('offer')).toBe('accent')
    expect(statusTone('Not Initiated')).toBe('neutral')
    expect(statusTone('In Escrow')).toBe('info')
    expect(statusTone('Released')).toBe('success')
  })

  it('is case-insensitive for the lowercase sets and neutral for unknown values', () => {
    expect(statusTone('Accepted')).toBe('success')
    expect(statusTone('mystery')).toBe('neutral')
    expect(statusColors('mystery')).toEqual(TONE_COLORS.neutral)
  })
})
