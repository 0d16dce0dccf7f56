import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * helmet's headers (CSP, frame-ancestors, nosniff, referrer policy, HSTS…), worked out once at start-up and set on
 * every answer. Running helmet's middleware per request re-parses the CSP each time, which showed in profiles of the
 * hot read paths; the headers never change, so they are computed a single time here.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: HelmetOptions) => {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  await new Promise<void>((resolve, reject) =>
    helmet(opts)({} as never, res as never, (err?: unknown) => (err ? reject(err) : resolve())),
  )
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
})
