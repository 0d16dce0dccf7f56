import { describe, expect, it } from 'vitest'
import { byContract, rupeesOrDash, totalsOf } from './payout-figures'

const base = { gross: 0, fee: 0, gst: 0, tds: 0, tcs: 0, amount: 0 }

describe('totalsOf', () => {
  it('adds the split in paise and sorts the net by where it is', () => {
    const t = totalsOf([
      {
        ...base,
        gross: 1000,
        fee: 100,
        gst: { cgst: 9, sgst: 9 },
        tds: 1,
        tcs: 0,
        amount: 881,
        status: 'paid',
      },
      { ...base, gross: 0.3, fee: 0.1, gst: 0.02, amount: 0.18, status: 'waiting_account' },
      {
        ...base,
        gross: 500,
        fee: 50,
        gst: { igst: 9 },
        tds: 0.5,
        tcs: { igst: 2.2 },
        amount: 438.3,
        status: 'queued',
      },
    ])
    expect(t.gross).toBe(1500.3)
    expect(t.fee).toBe(150.1)
    expect(t.gst).toBe(27.02)
    expect(t.tds).toBe(1.5)
    expect(t.tcs).toBe(2.2)
    expect(t.net).toBe(1319.48)
    expect(t.withheld).toBe(180.82)
    expect(t.gross).toBeCloseTo(t.net + t.withheld, 10)
    expect(t.paidOut).toBe(881)
    expect(t.pendingPayout).toBe(0.18)
    expect(t.onItsWay).toBe(438.3)
  })
  it('is all zero for no payouts', () => {
    expect(totalsOf([]).net).toBe(0)
  })
})

describe('byContract', () => {
  it('groups in the order each contract first appears', () => {
    const g = byContract([
      { contractId: 'b', n: 1 },
      { contractId: 'a', n: 2 },
      { contractId: 'b', n: 3 },
    ])
    expect(g.map((x) => [x.contractId, x.payouts.map((p) => p.n)])).toEqual([
      ['b', [1, 3]],
      ['a', [2]],
    ])
  })
})

describe('rupeesOrDash', () => {
  it('writes zero as a dash', () => {
    expect(rupeesOrDash(0)).toBe('—')
    expect(rupeesOrDash(1234.5)).toBe('₹1,234.50')
  })
})
