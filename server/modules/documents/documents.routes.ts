import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DocumentsQuery } from '@common/schemas/document'
import type { DocumentsService, FileAnswer } from './documents.service'

const tags = ['documents']
const PdfParams = z.object({ kind: z.string().max(20), id: z.string().max(64) })
const PdfQuery = DocumentsQuery.pick({ userId: true })

/** A file answer: private to its reader, never kept by a shared cache. */
function sendFile(reply: FastifyReply, type: string, disposition: 'inline' | 'attachment', file: FileAnswer) {
  return reply
    .type(type)
    .header('content-disposition', `${disposition}; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body)
}

/** /api/v1/documents: the caller's money documents (ADR 051) — the year's list, its statement as CSV, each PDF. */
export async function documentsRoutes(app: FastifyInstance, opts: { documents: DocumentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { documents } = opts
  const auth = { preHandler: app.requireUser }

  r.get('/', { ...auth, schema: { tags, querystring: DocumentsQuery } }, async (req, reply) => {
    if (req.query.format === 'csv')
      return sendFile(
        reply,
        'text/csv; charset=utf-8',
        'attachment',
        await documents.csv(req.user!, req.query),
      )
    return { success: true as const, ...(await documents.list(req.user!, req.query)) }
  })

  r.get(
    '/:kind/:id.pdf',
    { ...auth, schema: { tags, params: PdfParams, querystring: PdfQuery } },
    async (req, reply) =>
      sendFile(
        reply,
        'application/pdf',
        'inline',
        await documents.pdf(req.user!, req.params.kind, req.params.id, req.query),
      ),
  )
}
