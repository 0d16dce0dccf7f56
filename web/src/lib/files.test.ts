import { describe, expect, it } from 'vitest'
import { UPLOAD } from '@common/limits'
import { parseSkills, photoFileError, resumeFileError } from './files'

describe('parseSkills (product.md §6: comma separated, trimmed, empties dropped)', () => {
  it('trims and drops empties', () => {
    expect(parseSkills(' React , , Figma,  SEO ,')).toEqual(['React', 'Figma', 'SEO'])
    expect(parseSkills('   ')).toEqual([])
  })
})

describe('resumeFileError (product.md §5: PDF only)', () => {
  it('accepts a PDF', () => {
    expect(resumeFileError(new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }))).toBeNull()
  })

  it('refuses other types and oversize files', () => {
    expect(resumeFileError(new File(['x'], 'cv.docx', { type: 'application/msword' }))).toBe(
      'Resume must be a PDF file',
    )
    const big = new File([new Uint8Array(UPLOAD.resumeMaxBytes + 1)], 'big.pdf', { type: 'application/pdf' })
    expect(resumeFileError(big)).toMatch(/at most 5 MB/)
  })
})

describe('photoFileError (product.md §5: image files only)', () => {
  it('accepts images and refuses the rest', () => {
    expect(photoFileError(new File(['x'], 'me.png', { type: 'image/png' }))).toBeNull()
    expect(photoFileError(new File(['x'], 'me.pdf', { type: 'application/pdf' }))).toBe(
      'Please choose an image file',
    )
  })
})
