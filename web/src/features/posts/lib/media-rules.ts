import {
  IMAGE_MIMES,
  POST_LIMITS,
  unsupportedMediaMessage,
  VIDEO_MIMES,
  type MediaType,
} from '@common/schemas/post'

const MB = 1024 * 1024

/** product.md §10: type is image when the file type starts with image/, otherwise video. */
export const mediaTypeOf = (file: Pick<File, 'type'>): MediaType =>
  file.type.startsWith('image/') ? 'image' : 'video'

const TAKEN: readonly string[] = [...IMAGE_MIMES, ...VIDEO_MIMES]

/**
 * The server's rules, checked before a byte is sent; the server checks the real bytes again. The picker offers
 * every image/* and video/* (product.md §10), but a phone's HEIC photo or MOV video would upload whole only to be
 * refused.
 */
export function mediaFileError(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/'))
    return `“${file.name}” is not a photo or video`
  if (!TAKEN.includes(file.type.toLowerCase())) return unsupportedMediaMessage(file.name)
  const max = mediaTypeOf(file) === 'image' ? POST_LIMITS.imageMaxBytes : POST_LIMITS.videoMaxBytes
  if (file.size > max)
    return `“${file.name}” is larger than ${max / MB} MB; ${mediaTypeOf(file) === 'image' ? 'photos' : 'videos'} can be up to ${max / MB} MB`
  return null
}

/** The link as the payload carries it: omitted when empty or left at the prefilled 'https://'. */
export function linkForPayload(link: string): string | undefined {
  const t = link.trim()
  return t && t !== 'https://' && t !== 'http://' ? t : undefined
}
