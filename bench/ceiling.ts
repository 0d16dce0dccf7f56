// The ceiling: a bare Fastify answering fixed bytes, to show what this machine can do before any app work.
import Fastify from 'fastify'

import fs from 'node:fs'

// Ready bytes, as the app's read cache holds them: the ceiling encodes nothing per request either.
const bodies: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  Object.entries(
    JSON.parse(fs.readFileSync(process.env.CEILING_BODIES_FILE!, 'utf8')) as Record<
      string,
      { type: string; body: string }
    >,
  ).map(([name, b]) => [name, { type: b.type, body: Buffer.from(b.body) }]),
)
const app = Fastify({ logger: false })
app.get('/health', async () => ({ status: 'ok' }))
app.get('/:name', async (req, reply) => {
  const b = bodies[(req.params as { name: string }).name]
  if (!b) return reply.status(404).send()
  return reply.type(b.type).send(b.body)
})
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' })
console.log(`ceiling ready at http://127.0.0.1:${(app.server.address() as { port: number }).port}`)
