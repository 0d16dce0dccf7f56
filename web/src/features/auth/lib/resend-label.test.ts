import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, translate } from '@/i18n'
import { resendLabel } from './resend-label'

beforeAll(() => languageReady('en-IN'))

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

describe('resendLabel in Hindi', () => {
  it('counts in Hindi words', async () => {
    await languageReady('hi-IN')
    try {
      expect(resendLabel(30)).toBe('30 सेकंड में कोड फिर से भेजें')
      expect(translate('auth.resend')).toBe('कोड फिर से भेजें')
    } finally {
      await languageReady('en-IN')
    }
  })
})
