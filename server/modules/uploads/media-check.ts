import fs from 'node:fs/promises'

/**
 * Walks the top-level boxes of an MP4 file: it must start with `ftyp`, every box must fit exactly inside the
 * file, and there must be a `moov` (the index a player needs). A renamed PDF or a truncated file fails here even
 * when its first bytes look right.
 */
export async function isWellFormedMp4(file: string): Promise<boolean> {
  const fh = await fs.open(file, 'r')
  try {
    const { size } = await fh.stat()
    const head = Buffer.alloc(16)
    let offset = 0
    let first = true
    let moov = false
    let boxes = 0
    while (offset < size) {
      if (++boxes > 10_000) return false
      const { bytesRead } = await fh.read(head, 0, 16, offset)
      if (bytesRead < 8) return false
      let boxSize = head.readUInt32BE(0)
      const type = head.toString('latin1', 4, 8)
      if (!/^[\x20-\x7e]{4}$/.test(type)) return false
      if (boxSize === 1) {
        if (bytesRead < 16) return false
        boxSize = Number(head.readBigUInt64BE(8))
      } else if (boxSize === 0) boxSize = size - offset
      if (boxSize < 8 || offset + boxSize > size) return false
      if (first && type !== 'ftyp') return false
      first = false
      if (type === 'moov') moov = true
      offset += boxSize
    }
    return moov
  } finally {
    await fh.close()
  }
}

/** Reads an EBML variable-length integer (element sizes); returns its value and length, or null. */
function vint(buf: Buffer, at: number): { value: number; length: number } | null {
  const b = buf[at]
  if (b === undefined || b === 0) return null
  let length = 1
  while (!(b & (0x80 >> (length - 1)))) length++
  if (at + length > buf.length) return null
  let value = b & (0xff >> length)
  for (let i = 1; i < length; i++) value = value * 256 + buf[at + i]
  return { value, length }
}

/** WebM: an EBML header whose DocType is "webm", followed directly by a Segment element. */
export async function isWellFormedWebm(file: string): Promise<boolean> {
  const fh = await fs.open(file, 'r')
  try {
    const buf = Buffer.alloc(4096)
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0)
    const b = buf.subarray(0, bytesRead)
    if (b.readUInt32BE(0) !== 0x1a45dfa3) return false
    const headerSize = vint(b, 4)
    if (!headerSize) return false
    const headerEnd = 4 + headerSize.length + headerSize.value
    if (headerEnd + 4 > b.length) return false
    if (!b.subarray(4, headerEnd).includes(Buffer.from('webm'))) return false
    return b.readUInt32BE(headerEnd) === 0x18538067
  } finally {
    await fh.close()
  }
}
