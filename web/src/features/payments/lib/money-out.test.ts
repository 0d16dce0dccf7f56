import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { anyPayoutMoving, anyRefundPending, refundText } from './money-out'

beforeAll(() => Promise.all([languageReady('en-IN'), loadAreas(['money'])]))

describe('refundText', () => {
  it('says where the money goes and its state', () => {
    expect(refundText({ amount: 1500, status: 'pending' })).toBe(
      '₹1,500.00 back to your card/UPI — processing',
    )
    expect(refundText({ amount: 150000, status: 'processed' })).toBe(
      '₹1,50,000.00 back to your card/UPI — done',
    )
    expect(refundText({ amount: 499.13, status: 'failed' })).toBe(
      '₹499.13 back to your card/UPI — failed, we are retrying',
    )
  })
})

describe('anyRefundPending', () => {
  it('is true only while a refund is processing', () => {
    expect(anyRefundPending([{ status: 'processed' }, { status: 'pending' }])).toBe(true)
    expect(anyRefundPending([{ status: 'processed' }, { status: 'failed' }])).toBe(false)
    expect(anyRefundPending(undefined)).toBe(false)
  })
})

describe('anyPayoutMoving', () => {
  it('is true until the UTR has come', () => {
    expect(anyPayoutMoving([{ status: 'queued' }])).toBe(true)
    expect(anyPayoutMoving([{ status: 'paid', utr: null }])).toBe(true)
    expect(anyPayoutMoving([{ status: 'paid', utr: 'UTIB1' }, { status: 'waiting_account' }])).toBe(false)
    expect(anyPayoutMoving(undefined)).toBe(false)
  })
})
