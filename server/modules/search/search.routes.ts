import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SearchAnswer, SearchQuery } from '../../../common/schemas/search'
import type { SearchService } from './search.service'

/** GET /api/v1/search?q= → {success, data: {jobs, users, posts}} (DECISIONS.md "API shape"). */
export async function searchRoutes(app: FastifyInstance, opts: { search: SearchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/',
    { schema: { tags: ['search'], querystring: SearchQuery, response: { 200: SearchAnswer } } },
    async (req) => ({ success: true as const, data: await opts.search.everything(req.user, req.query) }),
  )
}
