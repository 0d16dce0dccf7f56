import { beforeAll, describe, expect, it } from 'vitest'
import { checkPayoutDetails } from '@common/schemas/payout'
import { languageReady, loadAreas, translate, type Language, type Translate } from '@/i18n'
import { checkText } from './check-words'

beforeAll(async () => {
  for (const l of ['hi-IN', 'en-IN'] as const) {
    await languageReady(l)
    await loadAreas(['money'])
  }
})
const tr =
  (l: Language): Translate =>
  (key, values) =>
    translate(key, values, l)

/** Every sentence the checks can say, from inputs that trip each of them. */
function sentences(): string[] {
  const inputs = [
    { legalName: '', pan: '', state: '' },
    { legalName: 'A1', pan: 'ABC', state: 'Maharashtra', gstin: 'X', bankAccount: '12', ifsc: 'X' },
    { legalName: 'Asha', pan: 'ABCXE1234F', state: 'Maharashtra', gstin: '27ABCPE1234F1Z4', upiId: 'x' },
    {
      legalName: 'Asha',
      pan: 'ABCPE1234F',
      state: 'Maharashtra',
      gstin: '27ABCPE1234F1Z5',
      upiId: 'a@b',
      ifsc: 'X',
    },
    { legalName: 'Asha', pan: 'ABCPE1234F', state: 'Maharashtra', bankAccount: '', ifsc: 'HDFC0001234' },
  ]
  const out = new Set<string>()
  for (const input of inputs) {
    const r = checkPayoutDetails(input as never)
    if (!r.ok) for (const m of Object.values(r.errors)) out.add(m)
  }
  return [...out]
}

describe('the payout checks in the reader’s language', () => {
  it('keeps every English sentence as the check wrote it', () => {
    for (const m of sentences()) expect(checkText(tr('en-IN'), m)).toBe(m)
  })
  it('says every sentence the checks can say in Hindi', () => {
    const said = sentences()
    expect(said.length).toBeGreaterThan(8)
    for (const m of said) expect(checkText(tr('hi-IN'), m), m).toMatch(/[\u0900-\u097F]/)
  })
  it('names the state, and passes an unknown sentence through', () => {
    expect(checkText(tr('hi-IN'), 'This GSTIN is registered in another state, not Kerala')).toContain(
      'Kerala',
    )
    expect(checkText(tr('hi-IN'), 'Something new')).toBe('Something new')
    expect(checkText(tr('hi-IN'), undefined)).toBeUndefined()
  })
})
