/**
 * Splits text where any word of the query (2+ characters) occurs, ignoring case, into [text, marked] pairs — for
 * results that come without the server's highlight ranges (people, posts). A word keeps its combining marks (Hindi's
 * vowel signs), so 'अनुवाद' is one word, not three pieces.
 */
export function markTerms(text: string, query: string): [string, boolean][] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
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
