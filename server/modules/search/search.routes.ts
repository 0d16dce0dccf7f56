import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { SearchAnswer, SearchQuery } from '@common/schemas/search'
import { scopes } from '../../lib/cache-tags'
import { sendCachedAnswer } from '../../lib/raw-json'
import { answerKey, type ReadCache } from '../../lib/read-cache'
import type { SearchService } from './search.service'

/** GET /api/v1/search?q= → {success, data: {jobs, users, posts}} (product.md §14). */
export async function searchRoutes(app: FastifyInstance, opts: { search: SearchService; cache: ReadCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/',
    { schema: { tags: ['search'], querystring: SearchQuery, response: { 200: SearchAnswer } } },
    async (req, reply) => {
      // Read cache: shared when signed out, per person when signed in (ADR 017, 025); dropped by changes to jobs,
      // posts, the posts it shows and people (ADR 052).
      // Its jobs are the database's JSON text, sent as written (ADR 081).
      return sendCachedAnswer(
        reply,
        opts.cache,
        answerKey(req, 'search'),
        async () => ({ success: true as const, data: await opts.search.everything(req.user, req.query) }),
        scopes.search(req),
      )
    },
  )
}
