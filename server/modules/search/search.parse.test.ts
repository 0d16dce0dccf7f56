import { describe, expect, it } from 'vitest'
import { classify, editDistance, maxEdits, pickCorrection, tokenize, tsqueryText } from './search.parse'

describe('tokenize', () => {
  it('lowercases, splits on punctuation like the database does, drops one-letter and number-only words', () => {
    expect(tokenize('Node.js  UI/UX — C++ 2024 e-commerce!')).toEqual(['node', 'js', 'ui', 'ux', 'commerce'])
  })
  it('keeps Devanagari words whole and caps the number of words', () => {
    expect(tokenize('हिंदी कंटेंट राइटर')).toEqual(['हिंदी', 'कंटेंट', 'राइटर'])
    expect(tokenize('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10')).toHaveLength(8)
  })
})

describe('classify', () => {
  it('drops Hinglish grammar words, translates meanings, widens cities to their state', () => {
    expect(classify(['ghar', 'se', 'data', 'ka', 'kaam', 'pune'])).toEqual([
      { typed: 'ghar', kind: 'meaning', alts: [['remote'], ['home']] },
      { typed: 'data', kind: 'word', alts: [['data']] },
      { typed: 'kaam', kind: 'generic', alts: [['kaam']] },
      { typed: 'pune', kind: 'place', alts: [['pune'], ['maharashtra']] },
    ])
    expect(classify(['chennai'])[0].alts).toEqual([['chennai'], ['tamil', 'nadu']])
  })
})

describe('spelling correction', () => {
  it('counts swaps of neighbours as one edit', () => {
    expect(editDistance('pyhton', 'python')).toBe(1)
    expect(editDistance('reakt', 'react')).toBe(1)
    expect(editDistance('developr', 'developer')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
  })
  it('allows more edits in longer words', () => {
    expect([3, 4, 5, 7, 8, 12].map(maxEdits)).toEqual([1, 1, 2, 2, 3, 3])
  })
  it('picks the fewest edits, then the same first letter, then trigram similarity', () => {
    const cands = [
      { term: 'reach', sim: 0.33 },
      { term: 'react', sim: 0.33 },
      { term: 'ready', sim: 0.33 },
    ]
    expect(pickCorrection('reakt', cands)).toBe('react')
    expect(
      pickCorrection('developr', [
        { term: 'developer', sim: 0.58 },
        { term: 'develop', sim: 0.7 },
      ]),
    ).toBe('develop')
    expect(pickCorrection('zzqxj', [{ term: 'jazz', sim: 0.1 }])).toBeNull()
  })
})

describe('tsqueryText', () => {
  const g = (typed: string, ...alts: string[][]) => ({ typed, kind: 'word' as const, alts })
  it('ANDs or ORs groups; a group ORs its alternatives; an alternative ANDs its words', () => {
    const groups = [g('design', ['design']), g('chennai', ['chennai'], ['tamil', 'nadu'])]
    expect(tsqueryText(groups, '&')).toBe("'design' & ('chennai' | ('tamil' & 'nadu'))")
    expect(tsqueryText(groups, '|')).toBe("'design' | ('chennai' | ('tamil' & 'nadu'))")
    expect(tsqueryText([], '&')).toBeNull()
  })
  it('lets no tsquery operator through from what a user typed', () => {
    const words = tokenize("react' | node:* & !java <-> (sql) 'go'")
    expect(words).toEqual(['react', 'node', 'java', 'sql', 'go'])
    expect(tsqueryText(classify(words), '&')).toBe("'react' & 'node' & 'java' & 'sql' & 'go'")
  })
})
