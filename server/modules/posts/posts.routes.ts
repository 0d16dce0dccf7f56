import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CommentAnswer,
  CommentBody,
  CommentsPage,
  CreatePostBody,
  FeedQuery,
  LikeAnswer,
  PostAnswer,
  PostsPage,
} from '@common/schemas/post'
import { OkAnswer } from '@common/schemas/job-answer'
import { scopes } from '../../lib/cache-tags'
import { answerKey, sendCached, type ReadCache } from '../../lib/read-cache'
import { presentComment, presentPost } from './posts.presenter'
import type { PostsService } from './posts.service'

const IdParams = z.object({ id: z.string().max(64) })
const tags = ['posts']

/** /api/v1/posts: the feed (public to read), a person's posts, mine; create, delete, like, comment. */
export async function postsRoutes(app: FastifyInstance, opts: { posts: PostsService; cache: ReadCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { posts, cache } = opts
  const pageAnswer = (
    viewerId: string | null,
    page: { posts: Parameters<typeof presentPost>[0][]; nextCursor: string | null },
  ) => ({
    success: true as const,
    data: { posts: page.posts.map((p) => presentPost(p, viewerId)), nextCursor: page.nextCursor },
  })

  r.post(
    '/create',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('postCreate'),
      schema: { tags, body: CreatePostBody, response: { 201: PostAnswer } },
    },
    async (req, reply) => {
      const post = await posts.create(req.user!, req.body)
      return reply.status(201).send({
        success: true as const,
        message: 'Post created successfully!',
        post: presentPost(post, req.user!.id),
      })
    },
  )

  r.get(
    '/',
    { schema: { tags, querystring: FeedQuery, response: { 200: PostsPage } } },
    async (req, reply) => {
      // The feed from the read cache: shared when signed out, per person when signed in; a new post drops every
      // page, a like or comment the pages that show its post (ADR 017, 025, 052).
      return sendCached(
        reply,
        cache,
        answerKey(req, 'post-feed'),
        PostsPage,
        async () =>
          pageAnswer(req.user?.id ?? null, await posts.feed(req.user, req.query.limit, req.query.cursor)),
        scopes.feed(req),
      )
    },
  )

  r.get(
    '/mine',
    { preHandler: app.requireUser, schema: { tags, querystring: FeedQuery, response: { 200: PostsPage } } },
    async (req) => pageAnswer(req.user!.id, await posts.mine(req.user!, req.query.limit, req.query.cursor)),
  )

  r.get(
    '/user/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().min(1).max(64) }),
        querystring: FeedQuery,
        response: { 200: PostsPage },
      },
    },
    async (req) =>
      pageAnswer(
        req.user?.id ?? null,
        await posts.ofUser(req.user, req.params.userId, req.query.limit, req.query.cursor),
      ),
  )

  r.delete(
    '/:id',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      await posts.remove(req.user!, req.params.id)
      return { success: true as const, message: 'Post deleted' }
    },
  )

  r.post(
    '/:id/like',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, params: IdParams, response: { 200: LikeAnswer } },
    },
    async (req) => ({ success: true as const, ...(await posts.toggleLike(req.user!, req.params.id)) }),
  )

  r.get(
    '/:id/comments',
    { schema: { tags, params: IdParams, querystring: FeedQuery, response: { 200: CommentsPage } } },
    async (req) => {
      const page = await posts.comments(req.user, req.params.id, req.query.limit, req.query.cursor)
      return {
        success: true as const,
        data: {
          comments: page.comments.map((c) => presentComment(c, req.user?.id ?? null, page.post.authorId)),
          nextCursor: page.nextCursor,
        },
      }
    },
  )

  r.post(
    '/:id/comments',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('comment'),
      schema: { tags, params: IdParams, body: CommentBody, response: { 201: CommentAnswer } },
    },
    async (req, reply) => {
      const { comment, commentCount, post } = await posts.addComment(
        req.user!,
        req.params.id,
        req.body.content,
      )
      return reply.status(201).send({
        success: true as const,
        message: 'Comment added',
        comment: presentComment(comment, req.user!.id, post.authorId),
        commentCount,
      })
    },
  )

  r.delete(
    '/comments/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        params: IdParams,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), commentCount: z.number() }),
        },
      },
    },
    async (req) => {
      const { commentCount } = await posts.removeComment(req.user!, req.params.id)
      return { success: true as const, message: 'Comment deleted', commentCount }
    },
  )
}
