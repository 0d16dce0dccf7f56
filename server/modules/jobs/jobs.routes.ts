import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { POSTER_ROLES } from '@common/roles'
import { JobBody, JobListQuery, JobStatusBody, PostedJobsQuery } from '@common/schemas/job'
import { JobAnswer, JobsAnswer, OkAnswer, type JobDtoType } from '@common/schemas/job-answer'
import { sha256 } from '../../lib/crypto'
import { scopes } from '../../lib/cache-tags'
import { sendCachedAnswer } from '../../lib/raw-json'
import { answerKey, sendCached, type ReadCache } from '../../lib/read-cache'
import type { JobsService } from './jobs.service'

const IdParams = z.object({ id: z.string().max(64) })
const tags = ['jobs']

/** Who is looking, for counting a view once a day: the user, or a hash of address and browser. */
const viewerKey = (req: FastifyRequest) =>
  req.user ? `u:${req.user.id}` : `a:${sha256(`${req.ip}|${req.headers['user-agent'] ?? ''}`).slice(0, 32)}`

/** What the poster is told after saving: held for review (ADR 056), or the usual words. */
const postedMessage = (job: JobDtoType, ok = 'Job posted successfully!') =>
  job.moderation?.status === 'held'
    ? `Held for review: ${job.moderation.reason}. An operator will look at it soon.`
    : ok

/** /api/v1/job (product.md §14): post, edit, status, delete, the browser's list, the manage list, one job. */
export async function jobsRoutes(app: FastifyInstance, opts: { jobs: JobsService; cache: ReadCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { jobs, cache } = opts

  r.post(
    '/post',
    { preHandler: app.requireUser, schema: { tags, body: JobBody, response: { 201: JobAnswer } } },
    async (req, reply) => {
      const job = await jobs.create(req.user!, req.body)
      return reply.status(201).send({ success: true as const, message: postedMessage(job), job })
    },
  )

  r.get(
    '/get',
    { schema: { tags, querystring: JobListQuery, response: { 200: JobsAnswer } } },
    async (req, reply) => {
      // Served from the read cache, shared by signed-out visitors and per person when signed in (ADR 017, 025);
      // dropped by changes to jobs and people (ADR 052).
      // Its jobs are the database's JSON text, sent as written (ADR 081).
      return sendCachedAnswer(
        reply,
        cache,
        answerKey(req, 'job-list'),
        async () => ({ success: true as const, data: await jobs.list(req.user, req.query) }),
        scopes.jobList(req),
      )
    },
  )

  r.get(
    '/getadminjobs',
    {
      preHandler: app.requireRole(...POSTER_ROLES),
      schema: { tags, querystring: PostedJobsQuery, response: { 200: JobsAnswer } },
    },
    async (req) => ({ success: true as const, data: await jobs.listPostedBy(req.user!, req.query) }),
  )

  r.get('/:id', { schema: { tags, params: IdParams, response: { 200: JobAnswer } } }, async (req, reply) => {
    const viewer = viewerKey(req)
    const { id } = req.params
    // A visitor whose view is already counted shares the cached answer, or the one being computed (ADR 052); a new
    // view is counted first and gets a fresh answer with it, which the next visitors share.
    return sendCached(
      reply as FastifyReply,
      cache,
      answerKey(req, 'job', id),
      JobAnswer,
      async () => ({ success: true as const, job: await jobs.get(req.user, id, viewer) }),
      scopes.job(req, id),
      !jobs.viewCounted(id, viewer),
    )
  })

  r.put(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, body: JobBody, response: { 200: JobAnswer } },
    },
    async (req) => {
      const job = await jobs.update(req.user!, req.params.id, req.body)
      return { success: true as const, message: postedMessage(job, 'Job updated successfully!'), job }
    },
  )

  r.post(
    '/:id/status',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, body: JobStatusBody, response: { 200: JobAnswer } },
    },
    async (req) => ({
      success: true as const,
      ...(await jobs.changeStatus(req.user!, req.params.id, req.body)),
    }),
  )

  r.delete(
    '/:id',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      await jobs.remove(req.user!, req.params.id)
      return { success: true as const, message: 'Job deleted' }
    },
  )
}
