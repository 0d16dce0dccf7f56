import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { POST_LIMITS, UploadAnswer } from '@common/schemas/post'
import { badRequest, notFound } from '../../errors'
import { spoolFiles } from '../../lib/multipart'
import { findUpload } from './uploads.service'
import { storePostMedia } from './media.service'

/** Serves uploaded files with the type detected at upload time, never guessed from the name; post media uploads. */
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
      reply
        .header('content-type', row.mime)
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header(
          'content-disposition',
          row.mime === 'application/pdf' && row.originalName
            ? `inline; filename*=UTF-8''${encodeURIComponent(row.originalName)}`
            : 'inline',
        )
      // Videos seek with byte ranges; one range is all a player asks for.
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''))
      if (range && (range[1] || range[2])) {
        const size = row.size
        let start = range[1] ? Number(range[1]) : size - Number(range[2])
        let end = range[1] && range[2] ? Number(range[2]) : size - 1
        start = Math.max(0, start)
        end = Math.min(end, size - 1)
        if (start > end || start >= size)
          return reply.status(416).header('content-range', `bytes */${size}`).send()
        return reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${size}`)
          .header('content-length', end - start + 1)
          .send(fs.createReadStream(full, { start, end }))
      }
      return reply.header('content-length', row.size).send(fs.createReadStream(full))
    },
  )

  app.post(
    '/api/v1/uploads',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('upload'),
      schema: {
        tags: ['posts'],
        consumes: ['multipart/form-data'],
        description:
          'Post media: JPEG, PNG, WebP or GIF photos up to 10 MB, MP4 or WebM videos up to 50 MB, at most 10 files (field "files"). Checked by their bytes; photos are re-encoded without metadata.',
        response: { 201: UploadAnswer },
      },
    },
    async (req, reply) => {
      const files = await spoolFiles(req, {
        dir: opts.uploadsDir,
        maxFiles: POST_LIMITS.mediaMax,
        maxFileBytes: POST_LIMITS.videoMaxBytes,
        sizeMessage: 'A file is too large: photos can be up to 10 MB and videos up to 50 MB',
        fileFields: ['files', 'file', 'media'],
      })
      if (files.length === 0) throw badRequest('Choose at least one photo or video', 'no_files')
      const media = await storePostMedia(app.db, opts.uploadsDir, req.user!.id, files)
      return reply.status(201).send({
        success: true as const,
        message: media.length === 1 ? 'File uploaded' : `${media.length} files uploaded`,
        media: media.map(({ url, type, thumbnailUrl, width, height }) => ({
          url,
          type,
          thumbnailUrl,
          width,
          height,
        })),
      })
    },
  )
}
