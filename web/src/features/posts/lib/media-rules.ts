import { POST_LIMITS, type MediaType } from '@common/schemas/post'

const MB = 1024 * 1024

/** Spec §5: type is image when the file type starts with image/, otherwise video. */
export const mediaTypeOf = (file: File): MediaType => (file.type.startsWith('image/') ? 'image' : 'video')

/** The server's limits, checked before a byte is sent; the server checks the real bytes again. */
export function mediaFileError(file: File): string | null {
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/'))
    return `“${file.name}” is not a photo or video`
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
