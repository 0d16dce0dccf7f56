// Messages, plurals and formats in both languages, as the app shows them.
import { beforeAll, describe, expect, it } from 'vitest'
import { acceptLanguageTags, pickLanguage } from '@common/languages'
import { detectLanguage, getLanguage, languageReady, translate } from '.'
import {
  formatCompact,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
} from './format'

beforeAll(async () => {
  await languageReady('hi-IN')
  await languageReady('en-IN')
})

describe('plurals (ICU, by each language’s rules)', () => {
  it('Hindi counts 0 and 1 as singular', () => {
    expect(translate('count.jobs', { count: 0 }, 'hi-IN')).toBe('0 नौकरी')
    expect(translate('count.jobs', { count: 1 }, 'hi-IN')).toBe('1 नौकरी')
    expect(translate('count.jobs', { count: 2 }, 'hi-IN')).toBe('2 नौकरियाँ')
  })
  it('English counts only 1 as singular, and groups in lakhs', () => {
    expect(translate('count.jobs', { count: 0 }, 'en-IN')).toBe('0 jobs')
    expect(translate('count.jobs', { count: 1 }, 'en-IN')).toBe('1 job')
    expect(translate('count.jobs', { count: 150000 }, 'en-IN')).toBe('1,50,000 jobs')
  })
  it('plain messages, arguments, and a key missing in Hindi falls back to English', () => {
    expect(translate('nav.home', undefined, 'hi-IN')).toBe('होम')
    expect(translate('nav.home', undefined, 'en-IN')).toBe('Home')
    expect(translate('error.withStatus', { status: 404 }, 'hi-IN')).toBe('पेज नहीं दिखाया जा सका (त्रुटि 404)।')
    expect(translate('badge.unreadNotifications', { count: 1 }, 'en-IN')).toBe('1 unread notification')
    expect(translate('no.such.key' as never, undefined, 'hi-IN')).toBe('no.such.key')
  })
  it('the current language follows languageReady', async () => {
    expect(getLanguage()).toBe('en-IN')
    await languageReady('hi-IN')
    expect(getLanguage()).toBe('hi-IN')
    await languageReady('en-IN')
  })
})

describe('formats through Intl', () => {
  it('money: ₹1,50,000 in both, paise only when there are paise', () => {
    for (const l of ['en-IN', 'hi-IN'] as const) {
      expect(formatMoney(150000, l)).toBe('₹1,50,000')
      expect(formatMoney(12345678.9, l)).toBe('₹1,23,45,678.90')
      expect(formatMoney(1500.5, l)).toBe('₹1,500.50')
      expect(formatMoney(0, l)).toBe('₹0')
      expect(formatNumber(1234567, l)).toBe('12,34,567')
    }
  })
  it('compact forms where space is short', () => {
    expect(formatCompact(150000, 'en-IN')).toBe('1.5L')
    expect(formatCompact(150000, 'hi-IN')).toBe('1.5\u00a0लाख')
    expect(formatMoneyCompact(150000, 'en-IN')).toBe('₹1.5L')
    expect(formatMoneyCompact(25000000, 'en-IN')).toBe('₹2.5Cr')
  })
  it('dates and times: one format per language, in India’s time zone', () => {
    const iso = '2026-11-22T20:00:00Z' // 23 Nov in India
    expect(formatDate(iso, 'en-IN')).toBe('23 Nov 2026')
    expect(formatDate(iso, 'hi-IN')).toBe('23 नव॰ 2026')
    expect(formatDateTime(iso, 'en-IN')).toBe('23 Nov 2026, 1:30 am')
  })
})

describe('choosing the language', () => {
  it('from the browser: Hindi or English in any region, else none', () => {
    expect(pickLanguage(['hi'])).toBe('hi-IN')
    expect(pickLanguage(['fr-FR', 'en-GB'])).toBe('en-IN')
    expect(pickLanguage(['fr-FR'])).toBeNull()
    expect(pickLanguage(acceptLanguageTags('en;q=0.5, hi-IN;q=0.9, fr'))).toBe('hi-IN')
    expect(acceptLanguageTags('en;q=0, hi')).toEqual(['hi'])
  })
  it('the account’s setting comes first, then the cookie, then the browser, then English', () => {
    expect(detectLanguage('hi-IN')).toBe('hi-IN')
    expect(detectLanguage('xx')).toBe(detectLanguage(null))
  })
})
