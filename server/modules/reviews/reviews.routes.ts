import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ContractReviewsAnswer, ReviewAnswer, ReviewBody, UserReviewsAnswer } from '@common/schemas/review'
import type { ReviewsService } from './reviews.service'

const tags = ['reviews']
const Params = z.object({ id: z.string().min(1).max(64) })

/** Double-blind reviews (ADR 060), under /api/v1. */
export async function reviewsRoutes(app: FastifyInstance, opts: { reviews: ReviewsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { reviews } = opts

  r.post(
    '/contracts/:id/review',
    {
      preHandler: app.requireUser,
      schema: { tags, params: Params, body: ReviewBody, response: { 201: ReviewAnswer } },
    },
    async (req, reply) => {
      const state = await reviews.write(req.user!, req.params.id, req.body)
      return reply.status(201).send({
        success: true as const,
        message: state.theirs
          ? 'Review posted. You can now see each other’s reviews.'
          : 'Review posted. Theirs appears when they write it or when the review time ends.',
        reviews: state,
      })
    },
  )

  r.get(
    '/contracts/:id/reviews',
    {
      preHandler: app.requireUser,
      schema: { tags, params: Params, response: { 200: ContractReviewsAnswer } },
    },
    async (req) => ({ success: true as const, reviews: await reviews.state(req.user!, req.params.id) }),
  )

  r.get(
    '/user/:id/reviews',
    { schema: { tags, params: Params, response: { 200: UserReviewsAnswer } } },
    async (req) => ({ success: true as const, reviews: await reviews.about(req.params.id) }),
  )
}
