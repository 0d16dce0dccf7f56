import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApplicantsAnswer,
  ApplicationStatusAnswer,
  ApplicationStatusBody,
  ApplyAnswer,
  ApplyBody,
  MyApplicationsAnswer,
} from '@common/schemas/application'
import { OkAnswer } from '@common/schemas/job-answer'
import { presentApplicant, presentApplication, presentMine } from './applications.presenter'
import type { ApplicationsService } from './applications.service'

const JobParams = z.object({ id: z.string().max(64) })
const AppParams = z.object({ applicationId: z.string().max(64) })
const tags = ['applications']

/** /api/v1/application (product.md §14). */
export async function applicationsRoutes(app: FastifyInstance, opts: { applications: ApplicationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { applications } = opts

  r.post(
    '/jobs/:id/apply',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('apply'),
      schema: { tags, params: JobParams, body: ApplyBody, response: { 201: ApplyAnswer } },
    },
    async (req, reply) => {
      const a = await applications.apply(req.user!, req.params.id, req.body)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Applied successfully', application: presentApplication(a) })
    },
  )

  r.get(
    '/student/applications',
    { preHandler: app.requireUser, schema: { tags, response: { 200: MyApplicationsAnswer } } },
    async (req) => ({
      success: true as const,
      data: { applications: (await applications.mine(req.user!)).map(presentMine) },
    }),
  )

  r.get(
    '/jobs/:id/applicants',
    { preHandler: app.requireUser, schema: { tags, params: JobParams, response: { 200: ApplicantsAnswer } } },
    async (req) => {
      const { title, rows } = await applications.applicants(req.user!, req.params.id)
      return {
        success: true as const,
        data: {
          job: { _id: req.params.id, title },
          applications: rows.map((r) => presentApplicant(r, req.user!)),
        },
      }
    },
  )

  r.patch(
    '/applications/:applicationId/status',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        params: AppParams,
        body: ApplicationStatusBody,
        response: { 200: ApplicationStatusAnswer },
      },
    },
    async (req) => {
      const { application, message, contact } = await applications.decide(
        req.user!,
        req.params.applicationId,
        req.body.status,
      )
      return {
        success: true as const,
        message,
        application: {
          _id: application.id,
          status: application.status,
          ...(contact ? { applicant: contact } : {}),
        },
      }
    },
  )

  r.delete(
    '/applications/:applicationId',
    { preHandler: app.requireUser, schema: { tags, params: AppParams, response: { 200: OkAnswer } } },
    async (req) => {
      await applications.withdraw(req.user!, req.params.applicationId)
      return { success: true as const, message: 'Application withdrawn' }
    },
  )
}
