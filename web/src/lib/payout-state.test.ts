import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { payoutStateText, payoutStatusWord, payoutTone } from './payout-state'

beforeAll(() => Promise.all([languageReady('en-IN'), loadAreas(['money'])]))

describe('payoutStateText', () => {
  it('says where the money is', () => {
    expect(payoutStateText({ status: 'waiting_account' })).toBe('Pending payout — add payout details')
    expect(payoutStateText({ status: 'queued' })).toBe('On its way')
    expect(payoutStateText({ status: 'transferring' })).toBe('On its way')
    expect(payoutStateText({ status: 'paid', utr: 'UTR0000123456' })).toBe('Paid · UTR UTR0000123456')
    expect(payoutStateText({ status: 'paid', utr: null })).toBe('Paid · UTR to follow')
    expect(payoutStateText({ status: 'failed' })).toBe('Payout failed — we are retrying')
  })
})

describe('payoutStatusWord', () => {
  it('is short, leaving the UTR to its own column', () => {
    expect(payoutStatusWord('waiting_account')).toBe('Pending payout')
    expect(payoutStatusWord('transferring')).toBe('On its way')
    expect(payoutStatusWord('paid')).toBe('Paid')
    expect(payoutStatusWord('failed')).toBe('Failed, retrying')
  })
})

describe('payoutTone', () => {
  it('counts a failed transfer apart from one moving', () => {
    expect(payoutTone('failed')).toBe('failed')
    expect(payoutTone('queued')).toBe('moving')
    expect(payoutTone('waiting_account')).toBe('waiting')
    expect(payoutTone('paid')).toBe('done')
  })
})
