import { useState } from 'react'

/**
 * Text being edited that starts from `value` and starts over whenever `value` changes (a search box showing the
 * URL's query: typing edits the draft, a new query replaces it). Reset during render, as React advises over an effect.
 */
export function useDraft(value: string): [string, (next: string) => void] {
  const [draft, setDraft] = useState(value)
  const [shownFor, setShownFor] = useState(value)
  if (shownFor !== value) {
    setShownFor(value)
    setDraft(value)
  }
  return [draft, setDraft]
}
