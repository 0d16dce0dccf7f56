/** Splits text where any word of the query (2+ characters) occurs, ignoring case, into [text, marked] pairs. */
function split(text: string, query: string): [string, boolean][] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length >= 2)
  const lower = text.toLowerCase()
  // Lower-casing can change a few characters' length; then offsets would not line up, so mark nothing.
  if (!terms.length || lower.length !== text.length) return [[text, false]]
  const marks = new Array<boolean>(text.length).fill(false)
  for (const t of terms)
    for (let i = lower.indexOf(t); i !== -1; i = lower.indexOf(t, i + t.length))
      marks.fill(true, i, i + t.length)
  const out: [string, boolean][] = []
  for (let i = 0; i < text.length;) {
    let j = i
    while (j < text.length && marks[j] === marks[i]) j++
    out.push([text.slice(i, j), marks[i]])
    i = j
  }
  return out
}

/**
 * People come without highlight ranges, so the query's words are marked here — as text nodes and <mark>s,
 * never HTML.
 */
export function Marked({ text, query }: { text: string; query: string }) {
  const parts = split(text, query)
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
