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
  if (process.env.DATABASE_URL) return postgres(process.env.DATABASE_URL)
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
/**
 * On PostgreSQL each statement is prepared by name, so it is parsed once per connection (an unnamed statement is
 * parsed again on every run), and runs with whichever plan costs it less, found at start by timing both: planned for
 * its values on every run (a custom plan, as an unnamed statement gets) or planned once for any values (generic).
 * Two pools, one per plan mode, each as many connections as the app's pool (server/db/client.ts); a row uses one.
 */
async function postgres(url: string): Promise<Query> {
  const pools = Object.fromEntries(
    (['custom', 'generic'] as const).map((mode) => {
      const pool = new pg.Pool({ connectionString: url, max: 10 })
      pool.on('connect', (c) => void c.query(`set plan_cache_mode = force_${mode}_plan`))
      return [mode, pool]
    }),
  ) as Record<'custom' | 'generic', pg.Pool>
  const names = new Map<string, string>()
  const nameOf = (text: string) => {
    let name = names.get(text)
    if (!name) names.set(text, (name = `floor_${names.size}`))
    return name
  }
  const modes = new Map<string, 'custom' | 'generic'>()
  const median = async (pool: pg.Pool, text: string, values: unknown[]) => {
    const c = await pool.connect()
    try {
      const times: number[] = []
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now()
        await c.query({ name: nameOf(text), text, values })
        if (i >= 5) times.push(performance.now() - t0)
      }
      return times.sort((a, b) => a - b)[times.length >> 1]
    } finally {
      c.release()
    }
  }
  const chosen = { custom: 0, generic: 0 }
  for (const s of Object.values(statements)) {
    const custom = await median(pools.custom, s.text, s.values)
    const generic = await median(pools.generic, s.text, s.values)
    const mode = generic < custom ? 'generic' : 'custom'
    modes.set(s.text, mode)
    chosen[mode]++
  }
  console.error(`  floor plans: ${chosen.custom} custom, ${chosen.generic} generic`)
  return (text, values) =>
    pools[modes.get(text) ?? 'custom'].query<{ json: string }>({ name: nameOf(text), text, values })
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
