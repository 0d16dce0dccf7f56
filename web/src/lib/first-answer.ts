/**
 * The API answer the server wrote into the page for its first screen (`<script type="application/json"
 * id="first-answer">`, server/plugins/web-app.ts; docs/decisions/024-first-paint.md). Given out once, to the query for
 * the API path it names, then removed, so any later visit to that screen asks the server again.
 */
export function takeFirstAnswer<T>(apiPath: string): T | undefined {
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById('first-answer')
  if (!element) return undefined
  try {
    const { path, answer } = JSON.parse(element.textContent ?? '') as { path?: unknown; answer?: T }
    if (path !== apiPath) return undefined
    element.remove()
    return answer
  } catch {
    element.remove()
    return undefined
  }
}
