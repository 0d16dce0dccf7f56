import { describe, expect, it } from 'vitest'
import { resendLabel } from './resend-label'

describe('resendLabel', () => {
  it('offers the resend when nothing is left to wait', () => {
    expect(resendLabel(0)).toBe('Resend code')
    expect(resendLabel(-3)).toBe('Resend code')
  })
  it('counts seconds for the short wait between two codes', () => {
    expect(resendLabel(30)).toBe('Resend code in 30s')
    expect(resendLabel(1)).toBe('Resend code in 1s')
    expect(resendLabel(90)).toBe('Resend code in 90s')
  })
  it('counts whole minutes, rounded up, for the hourly limit', () => {
    expect(resendLabel(91)).toBe('Resend code in 2 min')
    expect(resendLabel(3412)).toBe('Resend code in 57 min')
    expect(resendLabel(3600)).toBe('Resend code in 60 min')
  })
})
