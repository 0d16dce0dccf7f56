import fs from 'node:fs/promises'
import path from 'node:path'
import crypto from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { uploads } from '../../db/schema'
import { AppError, tooLarge } from '../../errors'
import { MAX_PIXELS } from './media.service'

export interface UploadRule {
  kind: string
  /** Allowed MIME types as detected from the bytes. */
  mimes: string[]
  maxBytes: number
  /** What the user is told when the bytes are not one of `mimes`. */
  typeMessage: string
  sizeMessage: string
  /** Optional re-encoding (e.g. resize a photo); returns the bytes and MIME type to keep. */
  transform?: (buf: Buffer, mime: string) => Promise<{ buf: Buffer; mime: string; ext: string }>
}

export const EXT: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
}

/**
 * Resize a profile photo to fit `px` and re-encode it as WebP (drops EXIF, including location). A photo whose header
 * claims more pixels than a post image may have is refused before any of it is decoded: a few hundred bytes can claim
 * 10,000 × 10,000, and sharp's own default allows 268 million.
 */
export const resizePhoto = (px: number) => async (buf: Buffer) => {
  // Only the first frame is decoded (no `animated`), so that is what is counted.
  const { width = 0, height = 0 } = await sharp(buf).metadata()
  if (width * height > MAX_PIXELS)
    throw new AppError(
      400,
      'image_too_large',
      `The photo is ${width} × ${height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels are accepted`,
    )
  return {
    buf: await sharp(buf, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(px, px, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer(),
    mime: 'image/webp',
    ext: 'webp',
  }
}

export interface StoredUpload {
  id: string
  url: string
  fileName: string
  mime: string
  size: number
}

/** Checks the real bytes against the rule, writes the file under uploadsDir and records it. Nothing is kept on refusal. */
export async function storeUpload(
  db: Executor,
  uploadsDir: string,
  ownerId: string,
  rule: UploadRule,
  buf: Buffer,
  originalName: string | undefined,
): Promise<StoredUpload> {
  if (buf.length > rule.maxBytes) throw tooLarge(rule.sizeMessage, 'file_too_large')
  if (buf.length === 0) throw new AppError(400, 'file_empty', 'The file is empty')
  const detected = await fileTypeFromBuffer(buf)
  if (!detected || !rule.mimes.includes(detected.mime))
    throw new AppError(415, 'unsupported_type', rule.typeMessage)
  let out = { buf, mime: detected.mime as string, ext: EXT[detected.mime] ?? detected.ext }
  if (rule.transform) {
    try {
      out = await rule.transform(buf, detected.mime)
    } catch (e) {
      if (e instanceof AppError) throw e
      throw new AppError(415, 'unreadable_file', `${rule.typeMessage} (the file could not be read)`)
    }
  }
  const fileName = `${crypto.randomUUID()}.${out.ext}`
  const full = path.join(uploadsDir, fileName)
  await fs.writeFile(full, out.buf, { flag: 'wx' })
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        ownerId,
        kind: rule.kind,
        fileName,
        mime: out.mime,
        size: out.buf.length,
        originalName: originalName?.slice(0, 255),
      })
      .returning({ id: uploads.id })
    return { id: row.id, url: `/uploads/${fileName}`, fileName, mime: out.mime, size: out.buf.length }
  } catch (e) {
    await fs.rm(full, { force: true })
    throw e
  }
}

/** Removes a stored file and its row (used when a later step of the same request fails). */
export async function discardUpload(db: Executor, uploadsDir: string, stored: StoredUpload) {
  await db.delete(uploads).where(eq(uploads.id, stored.id))
  await fs.rm(path.join(uploadsDir, stored.fileName), { force: true })
}

export async function findUpload(db: Executor, fileName: string) {
  return (await db.select().from(uploads).where(eq(uploads.fileName, fileName)).limit(1))[0] ?? null
}
