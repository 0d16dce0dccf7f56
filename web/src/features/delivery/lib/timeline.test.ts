import { beforeAll, describe, expect, it } from 'vitest'
import { languageReady, loadAreas } from '@/i18n'
import { detailOf, sentenceOf } from './timeline'

const at = '2026-11-26T09:30:00.000Z'
beforeAll(async () => {
  await languageReady('en-IN')
  await loadAreas(['contract'])
})

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
    expect(sentenceOf({ kind: 'submitted', at, actor: null, data: { units: 3 } })).toBe(
      'The freelancer submitted work (3 units)',
    )
    expect(sentenceOf({ kind: 'auto_released', at, actor: null, data: { amount: 500 } })).toMatch(
      /^₹500.00 was released automatically: the review window/,
    )
    expect(detailOf({ kind: 'changes_requested', at, actor: null, data: { reason: 'Bigger logo' } })).toBe(
      'Bigger logo',
    )
  })
  it('speaks Hindi when Hindi is chosen', async () => {
    await languageReady('hi-IN')
    await loadAreas(['contract'])
    try {
      const s = sentenceOf({
        kind: 'funded',
        at,
        actor: { _id: 'a', fullname: 'Asha' },
        data: { amount: 1000 },
      })
      expect(s).toContain('Asha')
      expect(s).toContain('₹1,000 ')
      expect(s).toMatch(/[\u0900-\u097F]/)
    } finally {
      await languageReady('en-IN')
    }
  })
})
