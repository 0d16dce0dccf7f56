import { describe, expect, it } from 'vitest'
import { downloadName, safeName } from './download'

describe('downloadName', () => {
  it("takes the server's file name", () => {
    expect(downloadName('attachment; filename="ML-26-27-000042.pdf"', 'x.pdf')).toBe('ML-26-27-000042.pdf')
    expect(downloadName('inline; filename=statement-2026-27.csv', 'x.csv')).toBe('statement-2026-27.csv')
  })
  it('prefers the encoded name', () => {
    expect(downloadName(`attachment; filename="a.pdf"; filename*=UTF-8''invoice%20ML%2F26-27.pdf`, 'x')).toBe(
      'invoice_ML-26-27.pdf',
    )
  })
  it('falls back when there is no header or no name', () => {
    expect(downloadName(null, 'receipt-1.pdf')).toBe('receipt-1.pdf')
    expect(downloadName('attachment', 'receipt-1.pdf')).toBe('receipt-1.pdf')
  })
})

describe('safeName', () => {
  it('turns path separators and odd characters into safe ones', () => {
    expect(safeName('ML/26-27/000042.pdf')).toBe('ML-26-27-000042.pdf')
    expect(safeName('../../etc/passwd')).toBe('etc-passwd')
    expect(safeName('...', 'doc.pdf')).toBe('doc.pdf')
  })
})
