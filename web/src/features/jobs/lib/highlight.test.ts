import { describe, expect, it } from 'vitest'
import { segmentsOf } from './highlight'

describe('segmentsOf', () => {
  it('splits text at the ranges, keeping every character once', () => {
    expect(
      segmentsOf('React Developer wanted', [
        [0, 5],
        [6, 15],
      ]),
    ).toEqual([
      { text: 'React', marked: true },
      { text: ' ', marked: false },
      { text: 'Developer', marked: true },
      { text: ' wanted', marked: false },
    ])
  })

  it('merges overlapping and unsorted ranges and clamps out-of-bounds ones', () => {
    const parts = segmentsOf('abcdef', [
      [3, 9],
      [1, 4],
      [-2, 0],
      [5, 5],
    ])
    expect(parts).toEqual([
      { text: 'a', marked: false },
      { text: 'bcdef', marked: true },
    ])
    expect(parts.map((p) => p.text).join('')).toBe('abcdef')
  })

  it('leaves markup in the text as text', () => {
    const parts = segmentsOf('<b>x</b>', [[3, 4]])
    expect(parts.map((p) => p.text)).toEqual(['<b>', 'x', '</b>'])
  })

  it('returns the whole text unmarked without ranges', () => {
    expect(segmentsOf('plain', undefined)).toEqual([{ text: 'plain', marked: false }])
  })
})
