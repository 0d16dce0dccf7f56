import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AlertAnswer,
  AlertBody,
  AlertDeletedAnswer,
  AlertPatchBody,
  AlertsAnswer,
  ApplicantAlertAnswer,
  ApplicantAlertBody,
  MAX_SAVED_SEARCHES,
  UnsubscribeAnswer,
  UnsubscribeQuery,
} from '@common/schemas/alerts'
import { presentAlert } from './alerts.presenter'
import type { AlertsService } from './alerts.service'

const IdParams = z.object({ id: z.uuid('Not a valid alert id') })
const tags = ['alerts']

/** /api/v1/alerts: saved searches, the applicant-mail choice, and the one-click unsubscribe. */
export async function alertsRoutes(app: FastifyInstance, opts: { alerts: AlertsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { alerts } = opts

  r.get(
    '/',
    { preHandler: app.requireUser, schema: { tags, response: { 200: AlertsAnswer } } },
    async (req) => ({
      success: true as const,
      alerts: (await alerts.list(req.user!)).map(presentAlert),
      max: MAX_SAVED_SEARCHES,
      applicants: { frequency: await alerts.applicantPreference(req.user!) },
    }),
  )

  r.post(
    '/',
    { preHandler: app.requireUser, schema: { tags, body: AlertBody, response: { 201: AlertAnswer } } },
    async (req, reply) => {
      const row = await alerts.create(req.user!, req.body)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Search saved', alert: presentAlert(row) })
    },
  )

  r.put(
    '/applicants',
    {
      preHandler: app.requireUser,
      schema: { tags, body: ApplicantAlertBody, response: { 200: ApplicantAlertAnswer } },
    },
    async (req) => {
      const frequency = await alerts.setApplicantPreference(req.user!, req.body.frequency)
      return {
        success: true as const,
        message: frequency === 'off' ? 'Applicant alerts off' : 'Applicant alerts saved',
        applicants: { frequency },
      }
    },
  )

  // One-click unsubscribe (RFC 8058): the link's token alone, no session. GET for the page a person opens, POST
  // for mail clients ("List-Unsubscribe=One-Click" as a form body).
  const unsubscribe = async (token: string) => {
    const { label } = await alerts.unsubscribe(token)
    return { success: true as const, message: `You will no longer get alerts for ${label}`, label }
  }
  r.get(
    '/unsubscribe',
    { schema: { tags, querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer } } },
    async (req) => unsubscribe(req.query.token),
  )
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/unsubscribe',
        { schema: { tags, querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer } } },
        async (req) => unsubscribe(req.query.token),
      )
  })

  r.patch(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, body: AlertPatchBody, response: { 200: AlertAnswer } },
    },
    async (req) => {
      const row = await alerts.setFrequency(req.user!, req.params.id, req.body.frequency)
      return { success: true as const, message: 'Alert updated', alert: presentAlert(row) }
    },
  )

  r.delete(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, response: { 200: AlertDeletedAnswer } },
    },
    async (req) => {
      await alerts.remove(req.user!, req.params.id)
      return { success: true as const, message: 'Alert deleted' }
    },
  )
}
