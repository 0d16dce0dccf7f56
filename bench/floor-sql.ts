// The floor's statement for a page: every read the app's route runs for it, as one statement that builds the JSON in
// the database. The floor server (bench/floor.ts) runs it per request and sends the text it returns.
import type { Statement } from './explain'

/** Statements that only read (a view count's insert, a transaction's begin/commit and settings are left out). */
const isRead = (text: string) =>
  /^\s*(select|with)\b/i.test(text) && !/\b(insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i.test(text)

/**
 * One statement answering with a JSON object whose keys are the reads' positions and values their rows: the same
 * rows the app reads for the page, with the parameters each ran with, renumbered into one list.
 */
export function floorStatement(statements: Statement[]): Statement {
  const reads = statements.filter((s) => isRead(s.text))
  if (!reads.length) throw new Error('the route ran no read')
  const values: unknown[] = []
  const parts = reads.map((s, i) => {
    const offset = values.length
    values.push(...s.values)
    const text = s.text.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + offset}`)
    // A read whose rows carry the API's JSON already (the job lists' "raw_json", ADR 081) gives the floor that JSON
    // as it is: aggregating it as a column would escape the text into a string, work the app does not do. The
    // row's other columns come beside it, so the database computes every column the app reads.
    const rows = /\bas "raw_json"/.test(text)
      ? `json_build_array(r.raw_json::json, to_jsonb(r) - 'raw_json')`
      : 'r'
    return `'${i}', (select coalesce(json_agg(${rows}), '[]'::json) from (${text}) r)`
  })
  return { text: `select json_build_object(${parts.join(', ')})::text as json`, values }
}
