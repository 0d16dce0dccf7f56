import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import crypto from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { FastifyRequest } from 'fastify'
import { AppError, tooLarge } from '../errors'

/**
 * What busboy says, as a plain Error with no code or status, when the body ends before the form's closing boundary
 * (a dropped connection, a proxy that forwards what it got, a hostile client): "Unexpected end of multipart data" for
 * the form, "Part terminated early due to unexpected end of multipart data" for a file being read.
 */
const CUT_OFF = /unexpected end of multipart data/i
/** The Content-Type says multipart/form-data but names no boundary: busboy throws this before reading a byte. */
const NO_BOUNDARY = /^Multipart: Boundary not found$/

/**
 * The error a failed form read is answered with: ours as they are, the parser's limits and the sender's mistakes as
 * 4xx with a message. Anything else (a full disk while spooling) stays a server error.
 */
function formError(e: unknown, sizeMessage: string, filesMessage: string): unknown {
  if (e instanceof AppError) return e
  const err = e as { code?: unknown; statusCode?: unknown; message?: unknown } | null
  const message = typeof err?.message === 'string' ? err.message : ''
  if (err?.code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(sizeMessage, 'file_too_large')
  if (err?.code === 'FST_FILES_LIMIT') return new AppError(400, 'too_many_files', filesMessage)
  if (err?.code === 'FST_FIELDS_LIMIT' || err?.code === 'FST_PARTS_LIMIT')
    return new AppError(400, 'too_many_fields', 'Too many fields in this form')
  if (CUT_OFF.test(message))
    return new AppError(
      400,
      'incomplete_form',
      'The form arrived incomplete (the upload was cut off). Please send it again.',
    )
  if (NO_BOUNDARY.test(message))
    return new AppError(400, 'bad_form', 'The form could not be read (its Content-Type names no boundary)')
  if (typeof err?.statusCode === 'number' && err.statusCode < 500)
    return new AppError(err.statusCode === 413 ? 413 : 400, 'bad_form', 'The form could not be read')
  return e
}

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
  } catch (e) {
    throw formError(e, opts.sizeMessage, 'Too many files in this form')
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
  } catch (e) {
    await Promise.all(out.map((f) => fsp.rm(f.path, { force: true })))
    throw formError(e, opts.sizeMessage, `At most ${opts.maxFiles} files at a time`)
  }
  return out
}
