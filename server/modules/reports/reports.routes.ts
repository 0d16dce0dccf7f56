import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { OPERATOR_ROLE } from '@common/roles'
import {
  HeldJobsAnswer,
  ModerationAnswer,
  RejectJobBody,
  ReportAnswer,
  ReportBody,
  ReportIdParams,
  ReportsAnswer,
  ReportsQuery,
  ResolveReportBody,
} from '@common/schemas/report'
import type { JobModerationService } from '../jobs/jobs.moderation'
import type { ReportsService } from './reports.service'

const tags = ['safety']

/** POST /api/v1/reports: anyone signed in reports a post, job, message or profile (ADR 056). */
export async function reportsRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/',
    {
      preHandler: app.requireUser,
      // Counted like posting, in a bucket of its own.
      onRequest: app.limit('postCreate', 'report'),
      schema: { tags, body: ReportBody, response: { 201: ReportAnswer } },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        message: 'Thanks for telling us. Our team will look at it.',
        report: await opts.reports.create(req.user!, req.body),
      }),
  )
}

/** /api/v1/admin: the operators' reports queue and held jobs (ADR 056). Operators only. */
export async function moderationRoutes(
  app: FastifyInstance,
  opts: { reports: ReportsService; moderation: JobModerationService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const operator = { preHandler: app.requireRole(OPERATOR_ROLE) }

  r.get(
    '/reports',
    { ...operator, schema: { tags, querystring: ReportsQuery, response: { 200: ReportsAnswer } } },
    async (req) => ({ success: true as const, reports: await opts.reports.list(req.query.status) }),
  )

  r.post(
    '/reports/:id/resolve',
    {
      ...operator,
      schema: { tags, params: ReportIdParams, body: ResolveReportBody, response: { 200: ModerationAnswer } },
    },
    async (req) => ({
      success: true as const,
      ...(await opts.reports.resolve(req.user!, req.params.id, req.body)),
    }),
  )

  r.get('/held-jobs', { ...operator, schema: { tags, response: { 200: HeldJobsAnswer } } }, async () => ({
    success: true as const,
    jobs: await opts.moderation.held(),
  }))

  r.post(
    '/held-jobs/:id/approve',
    { ...operator, schema: { tags, params: ReportIdParams, response: { 200: ModerationAnswer } } },
    async (req) => ({ success: true as const, ...(await opts.moderation.approve(req.user!, req.params.id)) }),
  )

  r.post(
    '/held-jobs/:id/reject',
    {
      ...operator,
      schema: { tags, params: ReportIdParams, body: RejectJobBody, response: { 200: ModerationAnswer } },
    },
    async (req) => ({
      success: true as const,
      ...(await opts.moderation.reject(req.user!, req.params.id, req.body.reason)),
    }),
  )
}
