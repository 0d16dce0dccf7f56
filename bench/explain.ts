// EXPLAIN for each benchmarked endpoint, on the SQL the route really runs: the app is built in this process, one
// request per endpoint goes through app.inject while every statement the database driver sends is recorded, and
// each recorded statement is explained with its own parameters (ANALYZE, BUFFERS) inside a rolled-back transaction.
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { lastPglite, recordStatements, type Statement } from '../server/test/statements'

export type { Statement }

export interface Explained {
  sql: string
  ms: number
  /** Every index the plan reads, as "index (table)". */
  indexes: string[]
  /** Sequential scans, as "table (rows read)"; `big` marks a table of ≥ bigRows rows. */
  seqScans: { table: string; rows: number; big: boolean }[]
  sharedHit: number
  sharedRead: number
}

export interface EndpointExplain {
  statements: Explained[]
  /** The statement that took longest: the one the endpoint's latency hangs on. */
  main: Explained | null
  bigSeqScans: string[]
}

/** The statements one request runs. */
export async function captureStatements(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; statements: Statement[] }> {
  const { result, statements } = await recordStatements(() => app.inject({ method: 'GET', url, headers }))
  return { status: result.statusCode, statements }
}

type Explain = (text: string, values: unknown[]) => Promise<any>

/** An EXPLAIN runner on PostgreSQL: its own connection, each statement in a transaction that is rolled back. */
export async function postgresExplainer(url: string): Promise<{ explain: Explain; close(): Promise<void> }> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  return {
    async explain(text, values) {
      await c.query('begin')
      try {
        return (await c.query(`explain (analyze, buffers, format json) ${text}`, values)).rows[0][
          'QUERY PLAN'
        ]
      } finally {
        await c.query('rollback')
      }
    },
    close: () => c.end(),
  }
}

/** The same on PGlite, through the instance the app uses (it is one connection). */
export function pgliteExplainer(): { explain: Explain; close(): Promise<void> } {
  return {
    async explain(text, values) {
      const pgliteClient = lastPglite()
      if (!pgliteClient) throw new Error('no PGlite query was recorded yet')
      let plan: any
      await pgliteClient.transaction(async (tx) => {
        const r = await tx.query<any>(`explain (analyze, buffers, format json) ${text}`, values)
        plan = r.rows[0]['QUERY PLAN']
        await tx.rollback()
      })
      return typeof plan === 'string' ? JSON.parse(plan) : plan
    },
    close: async () => {},
  }
}

const SKIP = /^\s*(begin|commit|rollback|savepoint|release|set |select pg_advisory)/i

/** Explains each statement and summarises the plans: indexes read, sequential scans, time, buffers. */
export async function explainStatements(
  explain: Explain,
  statements: Statement[],
  tableRows: Map<string, number>,
  bigRows: number,
): Promise<EndpointExplain> {
  const out: Explained[] = []
  for (const s of statements) {
    if (SKIP.test(s.text)) continue
    let doc: any
    try {
      // Twice, keeping the second: the first pays for reading pages in, which a server under load rarely does.
      await explain(s.text, s.values)
      doc = await explain(s.text, s.values)
    } catch (e) {
      out.push({
        sql: `${oneLine(s.text)}  -- EXPLAIN failed: ${(e as Error).message}`,
        ms: 0,
        indexes: [],
        seqScans: [],
        sharedHit: 0,
        sharedRead: 0,
      })
      continue
    }
    const root = (Array.isArray(doc) ? doc[0] : doc) as any
    const indexes = new Set<string>()
    const seqScans: Explained['seqScans'] = []
    const walk = (n: any) => {
      // A bitmap index scan names no table; its heap scan above does.
      if (n['Index Name'])
        indexes.add(n['Relation Name'] ? `${n['Index Name']} (${n['Relation Name']})` : n['Index Name'])
      if (n['Node Type'] === 'Seq Scan') {
        const table = n['Relation Name'] as string
        const rows = tableRows.get(table) ?? 0
        seqScans.push({ table, rows, big: rows >= bigRows })
      }
      for (const c of n.Plans ?? []) walk(c)
    }
    walk(root.Plan)
    out.push({
      sql: oneLine(s.text),
      ms: (root['Planning Time'] ?? 0) + (root['Execution Time'] ?? 0),
      indexes: [...indexes],
      seqScans,
      sharedHit: root.Plan['Shared Hit Blocks'] ?? 0,
      sharedRead: root.Plan['Shared Read Blocks'] ?? 0,
    })
  }
  // The session lookup every signed-in request makes is listed but is not the endpoint's own query.
  const own = out.filter((e) => !/from "sessions"/.test(e.sql))
  const main = own.reduce<Explained | null>((a, b) => (!a || b.ms > a.ms ? b : a), null)
  const bigSeqScans = [
    ...new Set(out.flatMap((e) => e.seqScans.filter((s) => s.big).map((s) => `${s.table} (${s.rows} rows)`))),
  ]
  return { statements: out, main, bigSeqScans }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
