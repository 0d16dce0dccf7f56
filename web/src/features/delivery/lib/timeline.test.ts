import { describe, expect, it } from 'vitest'
import { detailOf, formatWhen, sentenceOf } from './timeline'

const at = '2026-11-26T09:30:00.000Z'
describe('timeline sentences', () => {
  it('says who did what with the amount in rupees', () => {
    expect(
      sentenceOf({
        kind: 'funded',
        at,
        actor: { _id: 'a', fullname: 'Asha' },
        data: { amount: 1000, units: 1 },
      }),
    ).toBe('Asha put ₹1,000.00 in escrow (1 unit)')
    expect(sentenceOf({ kind: 'auto_released', at, actor: null, data: { amount: 500 } })).toMatch(
      /^₹500.00 was released automatically/,
    )
    expect(detailOf({ kind: 'changes_requested', at, actor: null, data: { reason: 'Bigger logo' } })).toBe(
      'Bigger logo',
    )
  })
  it('formats times in the reader’s locale', () => {
    expect(formatWhen(at, 'en-US')).not.toBe(formatWhen(at, 'de-DE'))
  })
})
