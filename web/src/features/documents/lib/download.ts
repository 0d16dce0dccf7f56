import { authStore } from '@/lib/auth-store'

/** The name a download is saved as: the server's (Content-Disposition), else one made from what it is. */
export function downloadName(contentDisposition: string | null | undefined, fallback: string): string {
  const header = contentDisposition ?? ''
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)
  if (star) {
    try {
      return safeName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')), fallback)
    } catch {
      // A malformed escape: the plain name or the fallback below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)
  return safeName(plain ? plain[1].trim() : fallback, fallback)
}

/** Keeps a file name to letters, digits and . _ - (an invoice number's slashes become dashes). */
export function safeName(name: string, fallback = 'document'): string {
  const clean = name
    .replace(/[/\\]+/g, '-')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._-]+/, '')
  return clean || fallback
}

/**
 * Fetches a protected file with the session's credentials and hands it to the browser as a download. A plain link
 * would not carry the bearer token the app signs in with, so the file comes through fetch and an object URL.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const { token } = authStore.getState()
  const res = await fetch(url, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  })
  if (!res.ok) {
    let message = `The download failed (${res.status})`
    try {
      const body = (await res.json()) as { message?: string }
      if (body.message) message = body.message
    } catch {
      // Not JSON: keep the status line.
    }
    throw new Error(message)
  }
  const blob = await res.blob()
  const href = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = href
  a.download = downloadName(res.headers.get('content-disposition'), fallbackName)
  document.body.append(a)
  a.click()
  a.remove()
  // The browser has started the download from the URL; free it once that is done.
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}
