import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { notFound } from '../../errors'
import { findUpload } from './uploads.service'

/** Serves uploaded files with the type detected at upload time, never guessed from the name. */
export async function uploadsRoutes(app: FastifyInstance, opts: { uploadsDir: string }) {
  app.get(
    '/uploads/:fileName',
    { schema: { hide: true, params: z.object({ fileName: z.string() }) } },
    async (req, reply) => {
      const { fileName } = req.params as { fileName: string }
      if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(fileName)) throw notFound('File not found')
      const row = await findUpload(app.db, fileName)
      if (!row) throw notFound('File not found')
      const full = path.join(opts.uploadsDir, fileName)
      if (!fs.existsSync(full)) throw notFound('File not found')
      return reply
        .header('content-type', row.mime)
        .header('content-length', row.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'content-disposition',
          row.mime === 'application/pdf' && row.originalName
            ? `inline; filename*=UTF-8''${encodeURIComponent(row.originalName)}`
            : 'inline',
        )
        .send(fs.createReadStream(full))
    },
  )
}
