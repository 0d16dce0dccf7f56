import { UPLOAD } from '@common/limits'

const MB = 1024 * 1024

/** Resume upload accepts PDF only (product.md §5), at most UPLOAD.resumeMaxBytes. Returns an error text or null. */
export function resumeFileError(file: File): string | null {
  const isPdf = file.type === 'application/pdf' || (!file.type && file.name.toLowerCase().endsWith('.pdf'))
  if (!isPdf) return 'Resume must be a PDF file'
  if (file.size > UPLOAD.resumeMaxBytes) return `Resume must be at most ${UPLOAD.resumeMaxBytes / MB} MB`
  return null
}

/** The photo input accepts image files only (product.md §5), at most UPLOAD.photoMaxBytes. */
export function photoFileError(file: File): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file'
  if (file.size > UPLOAD.photoMaxBytes) return `Photo must be at most ${UPLOAD.photoMaxBytes / MB} MB`
  return null
}

/** product.md §6: skills entry is comma separated, trimmed, with empties dropped. */
export function parseSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
