import { CITY_REGION } from '@common/locations'
import { GENERIC_WORDS, HINGLISH_MEANING, HINGLISH_STOPWORDS } from './hinglish'

/** The same separators the database's search_clean() turns into spaces, plus whitespace. */
const SEPARATORS = /[\s!-/:-@[-`{-~—–₹•…“”‘’]+/u
const MAX_TOKENS = 8

/** A query word after Hinglish and place handling: any alternative may match; each alternative is ANDed words. */
export interface Group {
  /** The word as typed (lowercased). */
  typed: string
  kind: 'word' | 'meaning' | 'place' | 'generic'
  alts: string[][]
}

/** Lowercased words of a query, without separators, numbers-only words or one-letter words. */
export function tokenize(q: string): string[] {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(SEPARATORS)
    .filter((w) => w.length >= 2 && w.length <= 40 && !/^\d+$/.test(w))
  return [...new Set(words)].slice(0, MAX_TOKENS)
}

const regionWords = (region: string) =>
  region
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== 'and')

/** Drops Hinglish grammar words; translates Hinglish meanings; widens a city to "city or its state". */
export function classify(tokens: string[]): Group[] {
  const groups: Group[] = []
  for (const t of tokens) {
    if (HINGLISH_STOPWORDS.has(t)) continue
    if (HINGLISH_MEANING[t])
      groups.push({ typed: t, kind: 'meaning', alts: HINGLISH_MEANING[t].map((w) => [w]) })
    else if (CITY_REGION[t])
      groups.push({ typed: t, kind: 'place', alts: [[t], regionWords(CITY_REGION[t])] })
    else if (GENERIC_WORDS.has(t)) groups.push({ typed: t, kind: 'generic', alts: [[t]] })
    else groups.push({ typed: t, kind: 'word', alts: [[t]] })
  }
  return groups
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  const m = a.length
  const n = b.length
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...Array<number>(n).fill(0)])
  for (let j = 0; j <= n; j++) d[0][j] = j
  for (let i = 1; i <= m; i++)
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  return d[m][n]
}

/** How many edits a word of this length may carry and still count as that word misspelt. */
export const maxEdits = (len: number) => (len <= 4 ? 1 : len <= 7 ? 2 : 3)

/**
 * The known word a misspelt one most likely meant: fewest edits within maxEdits, then the same first letter, then
 * trigram similarity, then the closest length; null when nothing is close enough.
 */
export function pickCorrection(word: string, candidates: { term: string; sim: number }[]): string | null {
  const scored = candidates
    .map((c) => ({
      term: c.term,
      key: [
        editDistance(word, c.term),
        c.term[0] === word[0] ? 0 : 1,
        -c.sim,
        Math.abs(c.term.length - word.length),
      ],
    }))
    .filter((c) => c.key[0] <= maxEdits(word.length))
  scored.sort((a, b) => {
    const i = a.key.findIndex((k, j) => k !== b.key[j])
    return i === -1 ? a.term.localeCompare(b.term) : a.key[i] - b.key[i]
  })
  return scored[0]?.term ?? null
}

const quote = (w: string) => `'${w.replace(/'/g, '')}'`
const alt = (words: string[]) => (words.length === 1 ? quote(words[0]) : `(${words.map(quote).join(' & ')})`)
const group = (g: Group) => (g.alts.length === 1 ? alt(g.alts[0]) : `(${g.alts.map(alt).join(' | ')})`)

/**
 * to_tsquery text for the groups: all of them (`&`) or any (`|`). Words are letters, marks and digits only
 * (tokenize() split everything else away) and quoted, so no operator can come from the user.
 */
export function tsqueryText(groups: Group[], op: '&' | '|'): string | null {
  return groups.length ? groups.map(group).join(` ${op} `) : null
}
