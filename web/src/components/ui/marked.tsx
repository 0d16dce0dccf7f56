import { markTerms } from '@/lib/mark-terms'

/**
 * People and posts come without highlight ranges, so the query's words are marked here — as text nodes and <mark>s,
 * never HTML.
 */
export function Marked({ text, query }: { text: string; query: string }) {
  const parts = markTerms(text, query)
  if (parts.length === 1 && !parts[0][1]) return <>{text}</>
  return (
    <>
      {parts.map(([t, m], i) =>
        m ? (
          <mark key={i} className="rounded-sm bg-amber-100 text-inherit">
            {t}
          </mark>
        ) : (
          <span key={i}>{t}</span>
        ),
      )}
    </>
  )
}
