// The floor: a bare Fastify with `pg` answering each page with one statement whose JSON the database builds
// (bench/floor-sql.ts) — the least work a database-backed answer can cost here, with the app's read cache off.
import fs from 'node:fs'
import Fastify from 'fastify'
import pg from 'pg'
import type { Statement } from './explain'

const statements = JSON.parse(fs.readFileSync(process.env.FLOOR_STATEMENTS_FILE!, 'utf8')) as Record<
  string,
  Statement
>
// As many connections as the app's pool (server/db/client.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const app = Fastify({ logger: false })
app.get('/health', async () => {
  await pool.query('select 1')
  return { status: 'ok' }
})
app.get('/:name', async (req, reply) => {
  const s = statements[(req.params as { name: string }).name]
  if (!s) return reply.status(404).send()
  const res = await pool.query<{ json: string }>({ text: s.text, values: s.values })
  return reply.type('application/json; charset=utf-8').send(res.rows[0].json)
})
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log(`floor ready at http://127.0.0.1:${(app.server.address() as { port: number }).port}`)
