import crypto from 'node:crypto'
import sharp from 'sharp'
import { encodeMultipart } from '../../test/helpers'

/** Real media made at test time (no binary fixtures in the repo). */
export const media = {
  png: (w = 64, h = 48) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer(),
  /** A JPEG carrying EXIF (camera and GPS-style fields) that must not survive re-encoding. */
  jpegWithExif: (w = 2000, h = 1500) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'Home address' } })
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .webp()
      .toBuffer(),
  animatedGif: async () => {
    const frame = (r: number) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: { r, g: 0, b: 0 } } })
        .png()
        .toBuffer()
    return sharp([await frame(250), await frame(10)], { join: { animated: true } })
      .gif()
      .toBuffer()
  },
  /** A structurally complete MP4: ftyp, moov and mdat boxes. */
  mp4: (payload = 1024) => {
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8)
      head.writeUInt32BE(8 + body.length, 0)
      head.write(type, 4, 'latin1')
      return Buffer.concat([head, body])
    }
    const ftyp = box(
      'ftyp',
      Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]),
    )
    const mvhd = box('mvhd', Buffer.alloc(100))
    return Buffer.concat([ftyp, box('moov', mvhd), box('mdat', crypto.randomBytes(payload))])
  },
  /** An EBML header with DocType "webm", then a Segment of unknown size. */
  webm: () => {
    const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')])
    const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType])
    const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
    return Buffer.concat([header, segment, crypto.randomBytes(512)])
  },
  pdf: () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  svgWithScript: () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    ),
}

/** multipart/form-data with several files under one field name, as a browser sends a multiple picker. */
export function multipartFiles(files: { field?: string; name: string; type: string; data: Buffer }[]) {
  return encodeMultipart(
    {},
    files.map((f) => ({ ...f, field: f.field ?? 'files' })),
  )
}
