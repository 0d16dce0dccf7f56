import { beforeAll, describe, expect, it } from 'vitest'
import { unsupportedMediaMessage } from '@common/schemas/post'
import { languageReady, loadAreas } from '@/i18n'
import { mediaFileError } from './media-rules'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })
const MB = 1024 * 1024

beforeAll(async () => {
  await loadAreas(['feed'])
  await languageReady('en-IN')
})

describe('mediaFileError: what the browser refuses before uploading', () => {
  it('takes the photos and videos the server keeps', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['b.png', 'image/png'],
      ['c.webp', 'image/webp'],
      ['d.gif', 'image/gif'],
      ['e.mp4', 'video/mp4'],
      ['f.webm', 'video/webm'],
    ])
      expect(mediaFileError(file(name, type))).toBeNull()
  })
  it('refuses a phone photo or video of a kind the server would refuse, with the server’s own words', () => {
    expect(mediaFileError(file('IMG_0042.HEIC', 'image/heic'))).toBe(
      '“IMG_0042.HEIC” is not a supported photo or video. Use JPEG, PNG, WebP or GIF photos (up to 10 MB) or MP4 or WebM videos (up to 50 MB).',
    )
    expect(mediaFileError(file('x.heic', 'image/heic'))).toBe(unsupportedMediaMessage('x.heic'))
    expect(mediaFileError(file('clip.mov', 'video/quicktime'))).toMatch(
      /^“clip.mov” is not a supported photo/,
    )
  })
  it('refuses what is no photo or video, and what is too large', () => {
    expect(mediaFileError(file('notes.pdf', 'application/pdf'))).toBe('“notes.pdf” is not a photo or video')
    expect(mediaFileError(file('big.jpg', 'image/jpeg', 11 * MB))).toBe(
      '“big.jpg” is larger than 10 MB; photos can be up to 10 MB',
    )
    expect(mediaFileError(file('long.mp4', 'video/mp4', 51 * MB))).toBe(
      '“long.mp4” is larger than 50 MB; videos can be up to 50 MB',
    )
  })
  it('speaks Hindi when the reader reads Hindi', async () => {
    await loadAreas(['feed'])
    await languageReady('hi-IN')
    try {
      expect(mediaFileError(file('notes.pdf', 'application/pdf'))).toBe(
        '“notes.pdf” कोई फ़ोटो या वीडियो नहीं है',
      )
      expect(mediaFileError(file('big.jpg', 'image/jpeg', 11 * MB))).toBe(
        '“big.jpg” 10 MB से बड़ी है; फ़ोटो 10 MB तक के हो सकते हैं',
      )
    } finally {
      await languageReady('en-IN')
    }
  })
})
