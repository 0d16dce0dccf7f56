/** A [start, end) range of UTF-16 code units, as the API's `highlights` carry them. */
export type Range = readonly [number, number]

export interface Segment {
  text: string
  marked: boolean
}

/**
 * Splits `text` into plain and marked segments. Ranges are clamped to the text, sorted and merged, so a bad or
 * overlapping range can never duplicate or drop characters; the result is rendered as text nodes and <mark>s,
 * never as HTML.
 */
export function segmentsOf(text: string, ranges: readonly Range[] | undefined): Segment[] {
  if (!ranges?.length) return [{ text, marked: false }]
  const clean = ranges
    .map(([a, b]) => [Math.max(0, Math.min(a, text.length)), Math.max(0, Math.min(b, text.length))] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0])
  const merged: [number, number][] = []
  for (const [a, b] of clean) {
    const last = merged[merged.length - 1]
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else merged.push([a, b])
  }
  const out: Segment[] = []
  let at = 0
  for (const [a, b] of merged) {
    if (a > at) out.push({ text: text.slice(at, a), marked: false })
    out.push({ text: text.slice(a, b), marked: true })
    at = b
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false })
  return out
}
