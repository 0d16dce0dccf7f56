import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JobBody } from '@common/schemas/job'
import { languageReady, loadAreas } from '@/i18n'
import { formMessage, KNOWN_MESSAGES } from './form-messages'

beforeAll(() => languageReady('en-IN').then(() => loadAreas(['posting'])))
afterAll(() => languageReady('en-IN'))

describe('formMessage', () => {
  it('reads every known schema sentence back unchanged in English', () => {
    for (const text of KNOWN_MESSAGES) expect(formMessage(text)).toBe(text)
    for (const text of [
      'Units must be a whole number',
      'Amount must contain only digits with an optional decimal point',
      'Rate can have at most 2 decimal places',
      'Title must be at most 120 characters',
      'Amount must be at most ₹1,00,00,000',
    ])
      expect(formMessage(text)).toBe(text)
  })

  it('knows what the schema says about a per-unit job with no rate or units', () => {
    const parsed = JobBody.safeParse({ title: 'T', description: 'D', paymentType: 'per-unit', units: '1.5' })
    expect(parsed.success).toBe(false)
    for (const issue of parsed.error!.issues)
      expect(KNOWN_MESSAGES.concat('Units must be a whole number')).toContain(issue.message)
  })

  it('says them in Hindi, and leaves an unknown sentence as it came', async () => {
    await languageReady('hi-IN')
    expect(formMessage('Please fill all required fields')).toBe('कृपया सभी ज़रूरी खाने भरें')
    expect(formMessage('Units must be a whole number')).toBe('यूनिट: पूरी संख्या लिखें')
    expect(formMessage('Amount must be at most ₹1,00,00,000')).toBe('राशि: ज़्यादा से ज़्यादा ₹1,00,00,000')
    expect(formMessage('Something new')).toBe('Something new')
    await languageReady('en-IN')
  })
})
