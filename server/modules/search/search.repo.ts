import { desc, getTableColumns, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users, type UserRow } from '../../db/schema'

export interface LexiconEntry {
  word: string
  /** The word's English stem; '' for a stop word. */
  stem: string
  /** Some document has a word with this stem. */
  known: boolean
  /** For an unknown word of 3+ letters: near words from the documents, by trigrams or by a shared start. */
  cands: { term: string; sim: number }[]
}

export const searchRepo = {
  /** Looks every word up in search_terms at once (see 0002_jobs.sql). */
  async lexicon(db: Executor, words: string[]): Promise<LexiconEntry[]> {
    if (!words.length) return []
    const res = await db.execute(sql`
      select t.word, st.stem, k.known,
        case when length(t.word) >= 3 and not k.known then (
          select coalesce(json_agg(json_build_object('term', c.term, 'sim', c.sim)), '[]'::json)
            from (
              (select term, similarity(term, t.word) as sim from search_terms
                where term % t.word order by sim desc, term limit 10)
              union
              (select term, similarity(term, t.word) as sim from search_terms
                where term >= left(t.word, 2) and term < left(t.word, 2) || chr(1114111)
                  and abs(length(term) - length(t.word)) <= 2
                order by sim desc, term limit 10)
            ) c)
        else '[]'::json end as cands
      from json_array_elements_text(${JSON.stringify(words)}::json) with ordinality as t(word, ord)
      cross join lateral (
        select array_to_string(tsvector_to_array(to_tsvector('english', t.word)), ' ') as stem) st
      cross join lateral (
        select exists (select 1 from search_terms s where s.stem = st.stem and st.stem <> '') as known) k
      order by t.ord`)
    return (res.rows as any[]).map((r) => ({
      word: r.word,
      stem: r.stem,
      known: r.known === true || r.known === 't',
      cands: (typeof r.cands === 'string' ? JSON.parse(r.cands) : r.cands) ?? [],
    }))
  },

  /** People whose name, handle, skills or bio match; by trigram name similarity when nothing does. */
  async people(db: Executor, tsquery: string | null, raw: string, limit: number): Promise<UserRow[]> {
    const cols = getTableColumns(users)
    if (tsquery) {
      const q = sql`to_tsquery('english', ${tsquery})`
      const rows = await db
        .select(cols)
        .from(users)
        .where(sql`search_vector @@ ${q}`)
        .orderBy(sql`ts_rank(search_vector, ${q}) desc`, desc(users.createdAt))
        .limit(limit)
      if (rows.length) return rows
    }
    if (!raw.trim()) return []
    return db
      .select(cols)
      .from(users)
      .where(sql`${raw} <% ${users.fullname}`)
      .orderBy(sql`word_similarity(${raw}, ${users.fullname}) desc`, desc(users.createdAt))
      .limit(limit)
  },
}
