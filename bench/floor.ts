// The floor: a bare Fastify with `pg` answering each page with one statement whose JSON the database builds
// (bench/floor-sql.ts) — the least work a database-backed answer can cost here, with the app's read cache off.
// On PGlite (DATA_DIR set, no DATABASE_URL) it opens the same data directory in this process, as the app does.
import fs from 'node:fs'
import path from 'node:path'
import Fastify from 'fastify'
import pg from 'pg'
import type { Statement } from './explain'

const statements = JSON.parse(fs.readFileSync(process.env.FLOOR_STATEMENTS_FILE!, 'utf8')) as Record<
  string,
  Statement
>
type Query = (text: string, values: unknown[]) => Promise<{ rows: { json: string }[] }>

async function open(): Promise<Query> {
  if (process.env.DATABASE_URL) {
    // As many connections as the app's pool (server/db/client.ts).
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
    return (text, values) => pool.query<{ json: string }>({ text, values })
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  // Where the app keeps it (server/main.ts).
  const db = await PGlite.create(path.join(path.resolve(process.env.DATA_DIR!), 'pglite'), {
    extensions: { pg_trgm },
  })
  return async (text, values) => {
    const res = await db.query<{ json: unknown }>(text, values)
    // PGlite parses json values; the floor sends the text as PostgreSQL built it.
    return {
      rows: res.rows.map((r) => ({ json: typeof r.json === 'string' ? r.json : JSON.stringify(r.json) })),
    }
  }
}
const query = await open()
const app = Fastify({ logger: { level: 'error' } })
app.get('/health', async () => {
  await query('select 1 as json', [])
  return { status: 'ok' }
})
app.get('/:name', async (req, reply) => {
  const s = statements[(req.params as { name: string }).name]
  if (!s) return reply.status(404).send()
  const res = await query(s.text, s.values)
  return reply.type('application/json; charset=utf-8').send(res.rows[0].json)
})
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log(`floor ready at http://127.0.0.1:${(app.server.address() as { port: number }).port}`)
