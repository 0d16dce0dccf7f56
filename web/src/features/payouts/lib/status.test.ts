import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { requirementName, statusLabel } from './status'

beforeAll(() => Promise.all([languageReady('en-IN'), loadAreas(['money'])]))

describe('payout account status words', () => {
  it('names every state, and the fields to fix when clarification is needed', () => {
    expect(statusLabel('created')).toBe('Created')
    expect(statusLabel('under_review')).toBe('Under review')
    expect(statusLabel('activated')).toBe('Activated')
    expect(statusLabel('suspended')).toBe('Suspended')
    expect(statusLabel('needs_clarification')).toBe('Needs clarification')
    expect(
      statusLabel('needs_clarification', ['settlements.account_number', 'legal_info.pan', 'kyc.pan']),
    ).toBe('Needs clarification: fix bank account number, PAN')
  })
  it('reads the provider’s field references as words', () => {
    expect(requirementName('settlements.ifsc_code')).toBe('IFSC')
    expect(requirementName('profile.addresses.registered.postal_code')).toBe('address')
    expect(requirementName('contact_name')).toBe('contact name')
  })
})
