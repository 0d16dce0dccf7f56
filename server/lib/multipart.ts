import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import crypto from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { AppError, tooLarge } from '../errors'

export interface ParsedForm {
  fields: Record<string, string>
  files: Record<string, { buf: Buffer; filename: string; mimetype: string }>
}

/**
 * Reads a whole multipart form into memory with hard limits (the caps keep memory bounded).
 * A file over `maxFileBytes` is refused with `sizeMessage` before anything is stored.
 */
export async function readForm(
  req: FastifyRequest,
  opts: { maxFileBytes: number; sizeMessage: string; fileFields: string[] },
): Promise<ParsedForm> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_type', 'Send this form as multipart/form-data')
  const out: ParsedForm = { fields: {}, files: {} }
  try {
    for await (const part of req.parts({
      limits: {
        fileSize: opts.maxFileBytes,
        files: opts.fileFields.length || 1,
        fields: 30,
        fieldSize: 20_000,
      },
    })) {
      if (part.type === 'file') {
        if (!opts.fileFields.includes(part.fieldname)) {
          part.file.resume()
          throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}"`)
        }
        const buf = await part.toBuffer()
        if (buf.length > 0)
          out.files[part.fieldname] = { buf, filename: part.filename, mimetype: part.mimetype }
      } else {
        out.fields[part.fieldname] = String(part.value ?? '')
      }
    }
  } catch (e: any) {
    if (e instanceof AppError) throw e
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.sizeMessage, 'file_too_large')
    if (e?.code === 'FST_FILES_LIMIT')
      throw new AppError(400, 'too_many_files', 'Too many files in this form')
    if (e?.code === 'FST_FIELDS_LIMIT' || e?.code === 'FST_PARTS_LIMIT')
      throw new AppError(400, 'too_many_fields', 'Too many fields in this form')
    if (typeof e?.statusCode === 'number' && e.statusCode < 500)
      throw new AppError(e.statusCode === 413 ? 413 : 400, 'bad_form', 'The form could not be read')
    throw e
  }
  return out
}

export interface SpooledFile {
  /** Temporary path; the caller moves or removes it. */
  path: string
  filename: string
  size: number
}

/**
 * Streams every file of a multipart form to temporary files (never whole videos in memory), with hard limits on
 * the count and on each file's size. On any failure every temporary file is removed before the error is thrown.
 */
export async function spoolFiles(
  req: FastifyRequest,
  opts: { dir: string; maxFiles: number; maxFileBytes: number; sizeMessage: string; fileFields: string[] },
): Promise<SpooledFile[]> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_type', 'Send this form as multipart/form-data')
  const out: SpooledFile[] = []
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles, fields: 10, fieldSize: 1000 },
    })) {
      if (part.type !== 'file') continue
      if (!opts.fileFields.includes(part.fieldname)) {
        part.file.resume()
        throw new AppError(400, 'unexpected_file', `Unexpected file field "${part.fieldname}"`)
      }
      const tmp = path.join(opts.dir, `.incoming-${crypto.randomUUID()}`)
      out.push({ path: tmp, filename: part.filename, size: 0 })
      await pipeline(part.file, fs.createWriteStream(tmp, { flags: 'wx' }))
      if (part.file.truncated) throw tooLarge(opts.sizeMessage, 'file_too_large')
      out[out.length - 1].size = (await fsp.stat(tmp)).size
    }
  } catch (e: any) {
    await Promise.all(out.map((f) => fsp.rm(f.path, { force: true })))
    if (e instanceof AppError) throw e
    if (e?.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.sizeMessage, 'file_too_large')
    if (e?.code === 'FST_FILES_LIMIT')
      throw new AppError(400, 'too_many_files', `At most ${opts.maxFiles} files at a time`)
    if (e?.code === 'FST_FIELDS_LIMIT' || e?.code === 'FST_PARTS_LIMIT')
      throw new AppError(400, 'too_many_fields', 'Too many fields in this form')
    if (typeof e?.statusCode === 'number' && e.statusCode < 500)
      throw new AppError(e.statusCode === 413 ? 413 : 400, 'bad_form', 'The form could not be read')
    throw e
  }
  return out
}
