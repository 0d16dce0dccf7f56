import { IMAGE_MIMES, POST_LIMITS, VIDEO_MIMES, type MediaType } from '@common/schemas/post'
import { t } from '@/i18n'

const MB = 1024 * 1024

/** product.md §10: type is image when the file type starts with image/, otherwise video. */
export const mediaTypeOf = (file: Pick<File, 'type'>): MediaType =>
  file.type.startsWith('image/') ? 'image' : 'video'

const TAKEN: readonly string[] = [...IMAGE_MIMES, ...VIDEO_MIMES]

/**
 * The server's rules, checked before a byte is sent; the server checks the real bytes again. The picker offers
 * every image/* and video/* (product.md §10), but a phone's HEIC photo or MOV video would upload whole only to be
 * refused. The words are the server's (`unsupportedMediaMessage`), in the reader's language.
 */
export function mediaFileError(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/') && !file.type.startsWith('video/'))
    return t('feed.media.notMedia', { name: file.name })
  if (!TAKEN.includes(file.type.toLowerCase()))
    return t('feed.media.unsupported', {
      name: file.name,
      imageMb: Math.round(POST_LIMITS.imageMaxBytes / MB),
      videoMb: Math.round(POST_LIMITS.videoMaxBytes / MB),
    })
  const kind = mediaTypeOf(file)
  const max = kind === 'image' ? POST_LIMITS.imageMaxBytes : POST_LIMITS.videoMaxBytes
  if (file.size > max) return t('feed.media.tooLarge', { name: file.name, mb: max / MB, kind })
  return null
}

/** The link as the payload carries it: omitted when empty or left at the prefilled 'https://'. */
export function linkForPayload(link: string): string | undefined {
  const t = link.trim()
  return t && t !== 'https://' && t !== 'http://' ? t : undefined
}
