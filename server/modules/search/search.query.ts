import type { Db } from '../../db/client'
import { classify, pickCorrection, tokenize, tsqueryText, type Group } from './search.parse'
import { searchRepo } from './search.repo'

/** A search as the job list and people search run it. */
export interface ParsedQuery {
  /** What was typed, trimmed. */
  raw: string
  /** to_tsquery('english', …) text needing every meaningful word, or null when none is left. */
  strict: string | null
  /** The same words, any of them (null when that is no different). */
  loose: string | null
  /** The query with spelling fixes applied, when there were any ("reakt developr" → "react develop"). */
  corrected: string | null
}

/**
 * Turns typed text into full-text queries: Hinglish grammar words go, Hinglish meanings and cities widen, English
 * stop words go, and a word no document contains is replaced by the nearest word that one does (typos), or dropped.
 */
export function queryParser(deps: { db: Db }) {
  return {
    async parse(q: string): Promise<ParsedQuery> {
      const raw = q.trim().slice(0, 200)
      const groups = classify(tokenize(raw))
      const words = groups.filter((g) => g.kind === 'word').map((g) => g.typed)
      const lexicon = new Map((await searchRepo.lexicon(deps.db, words)).map((e) => [e.word, e]))
      const kept: Group[] = []
      const shown: string[] = []
      let corrected = false
      for (const g of groups) {
        const e = lexicon.get(g.typed)
        if (g.kind !== 'word' || !e) {
          kept.push(g)
          shown.push(g.typed)
          continue
        }
        if (!e.stem) continue // an English stop word
        if (e.known) {
          kept.push(g)
          shown.push(g.typed)
          continue
        }
        const fix = pickCorrection(g.typed, e.cands)
        if (!fix) continue
        kept.push({ ...g, alts: [[fix]] })
        shown.push(fix)
        corrected = true
      }
      const required = kept.filter((g) => g.kind !== 'generic')
      const must = required.length ? required : kept
      const strict = tsqueryText(must, '&')
      const loose = kept.length > 1 ? tsqueryText(kept, '|') : null
      return { raw, strict, loose, corrected: corrected ? shown.join(' ') : null }
    },
  }
}
export type QueryParser = ReturnType<typeof queryParser>
