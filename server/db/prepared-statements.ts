import type { sql } from 'drizzle-orm'
import type { Db } from './client'

export type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> }
const prepared = new WeakMap<object, Map<string, Prepared>>()
/** A statement built once per database and prepared by name, so neither drizzle nor PostgreSQL's planner redo it. */
export function preparedStatement(
  db: Db,
  name: string,
  text: string,
  params: ReturnType<typeof sql.placeholder>[],
) {
  let byName = prepared.get(db)
  if (!byName) prepared.set(db, (byName = new Map()))
  let s = byName.get(name)
  if (!s) {
    s = db._.session.prepareQuery({ sql: text, params }, undefined, name, false) as Prepared
    byName.set(name, s)
  }
  return s
}
