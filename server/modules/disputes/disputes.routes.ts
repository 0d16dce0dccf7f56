import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AnswerDisputeBody,
  ContractDisputeAnswer,
  DisputeAnswer,
  DisputeNoteBody,
  DisputeQueueAnswer,
  DisputeQueueQuery,
  OpenDisputeBody,
  OperatorDisputeAnswer,
  ProposeSplitBody,
  ResolveDisputeBody,
} from '@common/schemas/dispute'
import type { DisputesService } from './disputes.service'

const tags = ['disputes']
const Params = z.object({ id: z.string().max(64) })
const ProposalParams = z.object({ id: z.string().max(64), proposalId: z.string().max(64) })
const Done = z.object({ success: z.literal(true), message: z.string() })

/** POST/GET /api/v1/contracts/:id/dispute: a party opens one, parties and operators read the contract's latest. */
export async function contractDisputeRoutes(app: FastifyInstance, opts: { disputes: DisputesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { disputes } = opts
  const auth = { preHandler: app.requireUser }

  r.post(
    '/:id/dispute',
    { ...auth, schema: { tags, params: Params, body: OpenDisputeBody, response: { 201: DisputeAnswer } } },
    async (req, reply) => {
      const dispute = await disputes.open(req.user!, req.params.id, req.body)
      return reply.status(201).send({
        success: true as const,
        message: 'Dispute opened. The escrow is frozen until it is settled or decided.',
        dispute,
      })
    },
  )

  r.get(
    '/:id/dispute',
    { ...auth, schema: { tags, params: Params, response: { 200: ContractDisputeAnswer } } },
    async (req) => ({ success: true as const, ...(await disputes.ofContract(req.user!, req.params.id)) }),
  )
}

/** /api/v1/disputes: answering, settling between the parties, and the operators' queue, view and decision. */
export async function disputesRoutes(app: FastifyInstance, opts: { disputes: DisputesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { disputes } = opts
  const auth = { preHandler: app.requireUser }

  r.get(
    '/',
    { ...auth, schema: { tags, querystring: DisputeQueueQuery, response: { 200: DisputeQueueAnswer } } },
    async (req) => ({ success: true as const, disputes: await disputes.queue(req.user!, req.query.status) }),
  )

  r.get(
    '/:id',
    { ...auth, schema: { tags, params: Params, response: { 200: DisputeAnswer } } },
    async (req) => ({ success: true as const, dispute: await disputes.get(req.user!, req.params.id) }),
  )

  r.get(
    '/:id/operator',
    { ...auth, schema: { tags, params: Params, response: { 200: OperatorDisputeAnswer } } },
    async (req) => ({ success: true as const, ...(await disputes.operatorView(req.user!, req.params.id)) }),
  )

  r.post(
    '/:id/answer',
    { ...auth, schema: { tags, params: Params, body: AnswerDisputeBody, response: { 200: DisputeAnswer } } },
    async (req) => ({
      success: true as const,
      message: 'Your answer was added',
      dispute: await disputes.answer(req.user!, req.params.id, req.body),
    }),
  )

  r.post(
    '/:id/proposals',
    { ...auth, schema: { tags, params: Params, body: ProposeSplitBody, response: { 200: DisputeAnswer } } },
    async (req) => ({
      success: true as const,
      message: 'Settlement proposed',
      dispute: await disputes.propose(req.user!, req.params.id, req.body),
    }),
  )

  r.post(
    '/:id/proposals/:proposalId/accept',
    { ...auth, schema: { tags, params: ProposalParams, response: { 200: DisputeAnswer } } },
    async (req) => ({
      success: true as const,
      message: 'Settlement accepted. The money has moved as agreed.',
      dispute: await disputes.accept(req.user!, req.params.id, req.params.proposalId),
    }),
  )

  r.post(
    '/:id/proposals/:proposalId/decline',
    { ...auth, schema: { tags, params: ProposalParams, response: { 200: DisputeAnswer } } },
    async (req) => ({
      success: true as const,
      message: 'Settlement declined',
      dispute: await disputes.decline(req.user!, req.params.id, req.params.proposalId),
    }),
  )

  r.post(
    '/:id/notes',
    { ...auth, schema: { tags, params: Params, body: DisputeNoteBody, response: { 200: Done } } },
    async (req) => {
      await disputes.note(req.user!, req.params.id, req.body.note)
      return { success: true as const, message: 'Note added to the audit log' }
    },
  )

  r.post(
    '/:id/resolve',
    { ...auth, schema: { tags, params: Params, body: ResolveDisputeBody, response: { 200: DisputeAnswer } } },
    async (req) => ({
      success: true as const,
      message: 'Dispute resolved. Both sides have been told.',
      dispute: await disputes.resolve(req.user!, req.params.id, req.body),
    }),
  )
}
