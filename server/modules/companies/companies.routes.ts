import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CompaniesAnswer, CompanyAnswer, CompanyBody } from '@common/schemas/company'
import { OkAnswer } from '@common/schemas/job-answer'
import { presentCompany } from './companies.presenter'
import type { CompaniesService } from './companies.service'

const IdParams = z.object({ id: z.string().max(64) })
const tags = ['companies']

/** /api/v1/company: the caller's companies, anyone's company by id, owner-only writes. */
export async function companiesRoutes(app: FastifyInstance, opts: { companies: CompaniesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { companies } = opts

  r.post(
    '/',
    { preHandler: app.requireUser, schema: { tags, body: CompanyBody, response: { 201: CompanyAnswer } } },
    async (req, reply) => {
      const c = await companies.create(req.user!, req.body)
      return reply
        .status(201)
        .send({ success: true as const, message: 'Company created', company: presentCompany(c) })
    },
  )

  r.get(
    '/',
    { preHandler: app.requireUser, schema: { tags, response: { 200: CompaniesAnswer } } },
    async (req) => ({
      success: true as const,
      data: { companies: (await companies.mine(req.user!)).map(presentCompany) },
    }),
  )

  r.get('/:id', { schema: { tags, params: IdParams, response: { 200: CompanyAnswer } } }, async (req) => ({
    success: true as const,
    company: presentCompany(await companies.get(req.params.id)),
  }))

  r.put(
    '/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, body: CompanyBody, response: { 200: CompanyAnswer } },
    },
    async (req) => ({
      success: true as const,
      message: 'Company updated',
      company: presentCompany(await companies.update(req.user!, req.params.id, req.body)),
    }),
  )

  r.delete(
    '/:id',
    { preHandler: app.requireUser, schema: { tags, params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      await companies.remove(req.user!, req.params.id)
      return { success: true as const, message: 'Company deleted' }
    },
  )
}
