import { segmentsOf, type Range } from '../lib/highlight'

/** Text with matched terms in <mark> — built from ranges as React text nodes, never as HTML. */
export function HighlightedText({ text, ranges }: { text: string; ranges?: readonly Range[] }) {
  const segments = segmentsOf(text, ranges)
  if (segments.length === 1 && !segments[0].marked) return <>{text}</>
  return (
    <>
      {segments.map((s, i) =>
        s.marked ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  )
}
