import fs from 'node:fs/promises'
import path from 'node:path'
import crypto from 'node:crypto'
import { fileTypeFromFile } from 'file-type'
import sharp, { type Metadata, type OutputInfo } from 'sharp'
import { and, inArray, isNull, lt, sql } from 'drizzle-orm'
import {
  IMAGE_MIMES,
  mb,
  POST_LIMITS,
  unsupportedMediaMessage,
  VIDEO_MIMES,
  type MediaType,
} from '@common/schemas/post'
import type { Db, Executor } from '../../db/client'
import { afterCommit } from '../../db/after-commit'
import { uploads } from '../../db/schema'
import { AppError, tooLarge, said } from '../../errors'
import type { SpooledFile } from '../../lib/multipart'
import { isWellFormedMp4, isWellFormedWebm } from './media-check'

export const POST_MEDIA_KINDS = ['post_image', 'post_video', 'link_preview'] as const
/** Display size and thumbnail of a post image (ADR 015). */
export const IMAGE_SIZES = { display: 1280, thumb: 320 } as const
/** Images larger than this many pixels are refused before decoding (decompression bombs); profile photos too. */
export const MAX_PIXELS = 60_000_000

export interface StoredMedia {
  id: string
  url: string
  type: MediaType
  thumbnailUrl: string | null
  width: number | null
  height: number | null
}

interface PreparedFile {
  fileName: string
  mime: string
  size: number
  variant: string | null
  width: number | null
  height: number | null
}

const unsupported = (name: string) => new AppError(415, 'unsupported_type', unsupportedMediaMessage(name))

/** Re-encodes an image to WebP at display size and as a thumbnail; metadata (EXIF, GPS) is not carried over. */
async function encodeImage(buf: Buffer, name: string, uploadsDir: string): Promise<PreparedFile[]> {
  let meta: Metadata
  try {
    meta = await sharp(buf, { limitInputPixels: MAX_PIXELS }).metadata()
  } catch {
    throw new AppError(415, 'unreadable_file', `“${name}” could not be read as an image`)
  }
  const animated = (meta.pages ?? 1) > 1
  const out: PreparedFile[] = []
  for (const [variant, px] of [
    [null, IMAGE_SIZES.display],
    ['thumb', IMAGE_SIZES.thumb],
  ] as const) {
    let img = sharp(buf, { animated, failOn: 'error', limitInputPixels: MAX_PIXELS })
    if (!animated) img = img.rotate() // apply the EXIF orientation before the EXIF is dropped
    let result: { data: Buffer; info: OutputInfo }
    try {
      result = await img
        .resize(px, px, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: variant ? 70 : 82 })
        .toBuffer({ resolveWithObject: true })
    } catch {
      throw new AppError(415, 'unreadable_file', `“${name}” could not be read as an image`)
    }
    const fileName = `${crypto.randomUUID()}.webp`
    await fs.writeFile(path.join(uploadsDir, fileName), result.data, { flag: 'wx' })
    const height = animated ? (result.info.pageHeight ?? result.info.height) : result.info.height
    out.push({
      fileName,
      mime: 'image/webp',
      size: result.data.length,
      variant,
      width: result.info.width,
      height,
    })
  }
  return out
}

/** Checks one spooled file by its bytes and turns it into the files to keep (image variants, or the video). */
async function prepare(
  file: SpooledFile,
  uploadsDir: string,
): Promise<{ type: MediaType; files: PreparedFile[] }> {
  const name = (file.filename || 'file').slice(0, 80)
  if (file.size === 0) throw new AppError(400, 'file_empty', `“${name}” is empty`)
  const detected = await fileTypeFromFile(file.path)
  const mime = detected?.mime as string | undefined
  if (mime && (IMAGE_MIMES as readonly string[]).includes(mime)) {
    if (file.size > POST_LIMITS.imageMaxBytes)
      throw tooLarge(
        said('errors.post.photoTooLarge', { name, size: mb(POST_LIMITS.imageMaxBytes) }),
        'file_too_large',
      )
    return { type: 'image', files: await encodeImage(await fs.readFile(file.path), name, uploadsDir) }
  }
  if (mime && (VIDEO_MIMES as readonly string[]).includes(mime)) {
    if (file.size > POST_LIMITS.videoMaxBytes)
      throw tooLarge(`“${name}” is larger than ${mb(POST_LIMITS.videoMaxBytes)}`, 'file_too_large')
    const ok = mime === 'video/mp4' ? await isWellFormedMp4(file.path) : await isWellFormedWebm(file.path)
    if (!ok)
      throw new AppError(
        415,
        'unreadable_file',
        `“${name}” is not a complete ${mime === 'video/mp4' ? 'MP4' : 'WebM'} video`,
      )
    const fileName = `${crypto.randomUUID()}.${mime === 'video/mp4' ? 'mp4' : 'webm'}`
    await fs.rename(file.path, path.join(uploadsDir, fileName))
    return {
      type: 'video',
      files: [{ fileName, mime, size: file.size, variant: null, width: null, height: null }],
    }
  }
  throw unsupported(name)
}

/**
 * Post media (ADR 015): every file is checked by its bytes and processed; only when all of them pass are the files
 * recorded, in one transaction. Any refusal removes everything this request wrote — no row, no file.
 */
export async function storePostMedia(
  db: Db,
  uploadsDir: string,
  ownerId: string,
  files: SpooledFile[],
): Promise<StoredMedia[]> {
  const written: string[] = []
  try {
    const prepared: { type: MediaType; files: PreparedFile[] }[] = []
    for (const f of files) {
      const p = await prepare(f, uploadsDir)
      written.push(...p.files.map((x) => x.fileName))
      prepared.push(p)
    }
    return await db.transaction(async (tx) => {
      const stored: StoredMedia[] = []
      for (const p of prepared) {
        const [main, ...variants] = p.files
        const [row] = await tx
          .insert(uploads)
          .values({
            ownerId,
            kind: p.type === 'image' ? 'post_image' : 'post_video',
            fileName: main.fileName,
            mime: main.mime,
            size: main.size,
            width: main.width,
            height: main.height,
          })
          .returning({ id: uploads.id })
        for (const v of variants)
          await tx.insert(uploads).values({
            ownerId,
            kind: 'post_image',
            parentId: row.id,
            variant: v.variant,
            fileName: v.fileName,
            mime: v.mime,
            size: v.size,
            width: v.width,
            height: v.height,
          })
        const thumb = variants.find((v) => v.variant === 'thumb')
        stored.push({
          id: row.id,
          url: `/uploads/${main.fileName}`,
          type: p.type,
          thumbnailUrl: thumb ? `/uploads/${thumb.fileName}` : null,
          width: main.width,
          height: main.height,
        })
      }
      return stored
    })
  } catch (e) {
    await Promise.all(written.map((n) => fs.rm(path.join(uploadsDir, n), { force: true })))
    throw e
  } finally {
    await Promise.all(files.map((f) => fs.rm(f.path, { force: true })))
  }
}

/** Stores a link preview's image (already fetched within limits) as a small WebP owned by the poster. */
export async function storePreviewImage(
  db: Db,
  uploadsDir: string,
  ownerId: string,
  buf: Buffer,
): Promise<{ id: string; url: string } | null> {
  let data: Buffer
  let info: OutputInfo
  try {
    ;({ data, info } = await sharp(buf, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true }))
  } catch {
    return null
  }
  const fileName = `${crypto.randomUUID()}.webp`
  const full = path.join(uploadsDir, fileName)
  await fs.writeFile(full, data, { flag: 'wx' })
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        ownerId,
        kind: 'link_preview',
        fileName,
        mime: 'image/webp',
        size: data.length,
        width: info.width,
        height: info.height,
      })
      .returning({ id: uploads.id })
    return { id: row.id, url: `/uploads/${fileName}` }
  } catch (e) {
    await fs.rm(full, { force: true })
    throw e
  }
}

/** Removes upload rows (their variants go with them by cascade) and, once that has committed, their files. */
export async function removeUploads(tx: Executor, uploadsDir: string, ids: string[]) {
  if (ids.length === 0) return
  const rows = await tx
    .select({ fileName: uploads.fileName })
    .from(uploads)
    .where(
      sql`${uploads.id} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) or ${uploads.parentId} in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    )
  await tx.delete(uploads).where(inArray(uploads.id, ids))
  afterCommit(tx, async () => {
    await Promise.all(rows.map((r) => fs.rm(path.join(uploadsDir, r.fileName), { force: true })))
  })
}

/**
 * The sweeper (ADR 015): post media no post has claimed within `olderThanMs` are removed. Rows are taken with
 * `for update skip locked`, so several instances sweeping at once never fight over a row, and a post being created
 * (which locks the uploads it claims) is never swept under it.
 */
export async function sweepUnclaimed(
  db: Db,
  uploadsDir: string,
  olderThanMs = 24 * 60 * 60 * 1000,
  batch = 200,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          isNull(uploads.claimedAt),
          isNull(uploads.parentId),
          inArray(uploads.kind, [...POST_MEDIA_KINDS]),
          lt(uploads.createdAt, cutoff),
        ),
      )
      .orderBy(uploads.createdAt)
      .limit(batch)
      .for('update', { skipLocked: true })
    await removeUploads(
      tx,
      uploadsDir,
      rows.map((r) => r.id),
    )
    return rows.length
  })
}
