/**
 * The index keys of a saved search (ADR 070). The match finds, for each new job, the searches whose keys the job has:
 * a job has the key `w:<lexeme>` of every lexeme in its search vector, and the eight `f:<category>|<state>|<payment>`
 * keys made of its own category, state and payment type with each part either kept or left empty. So a search
 * stored under keys that every job it matches is sure to have loses no job; the match then checks each candidate
 * against the whole rule (filters and text query), so extra candidates only cost time.
 *
 * - A search without text is stored under its one `f:` key: its equality filters, empty where it has none. The jobs
 *   that find it are exactly those its category, state and payment type accept.
 * - A search with text is stored under a cover of its text query: lexemes of which any job matching the query has
 *   at least one. For the every-word queries the search makes (`'a' & ('b' | 'c' & 'd')`) that is one word's
 *   lexeme, or all alternatives of one word; the fewest, longest lexemes are chosen (longer words are rarer). A
 *   query with no cover (only negated or prefix words, which saved searches never make) falls back to the `f:` key.
 */

export interface SearchFilters {
  category: string | null
  state: string | null
  paymentType: string | null
}

/** The `f:` key of a search's equality filters (a job has it when every filter the search has accepts the job). */
export const filterKey = (s: SearchFilters) => `f:${s.category ?? ''}|${s.state ?? ''}|${s.paymentType ?? ''}`

/** The keys a saved search is stored under, from its normalized text query (tsquery text, or null) and filters. */
export function matchKeysOf(queryTs: string | null, filters: SearchFilters): string[] {
  const cover = queryTs ? tsqueryCover(queryTs) : null
  return cover ? cover.map((l) => `w:${l}`) : [filterKey(filters)]
}

type Node =
  | { op: 'lex'; lexeme: string; prefix: boolean }
  | { op: 'not'; arg: Node }
  | { op: 'and' | 'or' | 'phrase'; args: [Node, Node] }

/**
 * Lexemes of which every document matching the tsquery (PostgreSQL's text form of it) has at least one, sorted;
 * null when there is no such set (a negated or prefix word can match a document without the word).
 */
export function tsqueryCover(text: string): string[] | null {
  const node = parseTsquery(text)
  const cover = node ? coverOf(node) : null
  return cover ? [...cover].sort() : null
}

function coverOf(n: Node): Set<string> | null {
  switch (n.op) {
    case 'lex':
      return n.prefix ? null : new Set([n.lexeme])
    case 'not':
      return null
    case 'or': {
      const [a, b] = n.args.map(coverOf)
      return a && b ? new Set([...a, ...b]) : null
    }
    default: {
      // Every operand of & and of a phrase must match: the cover of either one will do; take the better.
      const [a, b] = n.args.map(coverOf)
      if (!a || !b) return a ?? b
      return better(a, b) ? a : b
    }
  }
}

/** Fewer lexemes first, then the longer shortest lexeme (a rarer word finds fewer candidates), then stable. */
function better(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return a.size < b.size
  const shortest = (s: Set<string>) => Math.min(...[...s].map((l) => l.length))
  return shortest(a) >= shortest(b)
}

/**
 * Parses tsquery output: `'lexeme'` operands (quotes and backslashes doubled inside, an optional `:*` prefix mark
 * and `ABCD` weights after a colon), `!`, `<->` and `<N>`, `&`, `|` in that order of precedence, and parentheses.
 */
export function parseTsquery(text: string): Node | null {
  let i = 0
  const skip = () => {
    while (i < text.length && /\s/.test(text[i])) i++
  }
  const fail = (what: string): never => {
    throw new Error(`tsquery: ${what} at ${i} in ${JSON.stringify(text)}`)
  }

  const operand = (): Node => {
    skip()
    const c = text[i]
    if (c === '!') {
      i++
      return { op: 'not', arg: operand() }
    }
    if (c === '(') {
      i++
      const inner = or()
      skip()
      if (text[i] !== ')') fail('expected )')
      i++
      return inner
    }
    if (c !== "'") fail('expected a lexeme')
    i++
    let lexeme = ''
    for (;;) {
      if (i >= text.length) fail('unterminated lexeme')
      const ch = text[i]
      if (ch === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'"
          i += 2
          continue
        }
        i++
        break
      }
      if (ch === '\\' && i + 1 < text.length) {
        lexeme += text[i + 1]
        i += 2
        continue
      }
      lexeme += ch
      i++
    }
    let prefix = false
    if (text[i] === ':') {
      i++
      while (i < text.length && /[*a-dA-D]/.test(text[i])) {
        if (text[i] === '*') prefix = true
        i++
      }
    }
    return { op: 'lex', lexeme, prefix }
  }
  const phrase = (): Node => {
    let left = operand()
    for (;;) {
      skip()
      const m = /^<(-|\d+)>/.exec(text.slice(i))
      if (!m) return left
      i += m[0].length
      left = { op: 'phrase', args: [left, operand()] }
    }
  }
  const and = (): Node => {
    let left = phrase()
    for (;;) {
      skip()
      if (text[i] !== '&') return left
      i++
      left = { op: 'and', args: [left, phrase()] }
    }
  }
  const or = (): Node => {
    let left = and()
    for (;;) {
      skip()
      if (text[i] !== '|') return left
      i++
      left = { op: 'or', args: [left, and()] }
    }
  }

  skip()
  if (i >= text.length) return null
  const node = or()
  skip()
  if (i < text.length) fail('unexpected text')
  return node
}
