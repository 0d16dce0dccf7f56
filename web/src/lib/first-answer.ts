/**
 * The API answer the server wrote into the page for its first screen (`<script type="application/json"
 * id="first-answer">`, server/plugins/web-app.ts; docs/decisions/024-first-paint.md). start.tsx takes it out of the
 * document before the first render; it is given once to the query for the API path it names when it was answered
 * for the same viewer (a user id, or null for a signed-out visitor), so any later visit to that screen asks again.
 */
let pending: string | null | undefined

/** Moves the data block out of the document (idempotent). */
export function adoptFirstAnswer() {
  if (pending !== undefined) return
  const element = typeof document === 'undefined' ? null : document.getElementById('first-answer')
  pending = element?.textContent ?? null
  element?.remove()
}

export function takeFirstAnswer<T>(apiPath: string, viewerId: string | null): T | undefined {
  adoptFirstAnswer()
  if (!pending) return undefined
  try {
    const { path, viewer, answer } = JSON.parse(pending) as { path?: unknown; viewer?: unknown; answer?: T }
    if (path !== apiPath) return undefined
    pending = null
    return viewer === viewerId ? answer : undefined
  } catch {
    pending = null
    return undefined
  }
}
