import { describe, expect, it } from 'vitest'
import { markTerms } from './mark-terms'

describe('markTerms', () => {
  it('marks every occurrence of each query word, ignoring case, and keeps every character', () => {
    const parts = markTerms('Logo design and DESIGN review', 'design logo')
    expect(parts).toEqual([
      ['Logo', true],
      [' ', false],
      ['design', true],
      [' and ', false],
      ['DESIGN', true],
      [' review', false],
    ])
    expect(parts.map(([t]) => t).join('')).toBe('Logo design and DESIGN review')
  })

  it('joins overlapping and touching matches into one mark', () => {
    expect(markTerms('webdesigner', 'web design')).toEqual([
      ['webdesign', true],
      ['er', false],
    ])
  })

  it('ignores one-letter words and punctuation in the query', () => {
    expect(markTerms('a cat sat', 'a, !')).toEqual([['a cat sat', false]])
    expect(markTerms('C++ developer', 'c++ dev')).toEqual([
      ['C++ ', false],
      ['dev', true],
      ['eloper', false],
    ])
  })

  it('marks words in any script', () => {
    expect(markTerms('हिंदी अनुवाद चाहिए', 'अनुवाद')).toEqual([
      ['हिंदी ', false],
      ['अनुवाद', true],
      [' चाहिए', false],
    ])
  })

  it('marks nothing when lower-casing changes the length (offsets would not line up)', () => {
    // 'İ' lower-cases to two code units.
    expect(markTerms('İstanbul design', 'design')).toEqual([['İstanbul design', false]])
  })
})
