import { isCancel, isHttpError } from './http'

/** The server's own sentence for a failed call (its `message` field), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined
  const data: unknown = error.response?.data
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message
    if (typeof message === 'string' && message.trim()) return message
  }
  return undefined
}

/** product.md §15: toasts use the server's message when present, otherwise the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback
}

/** product.md §15: a cancelled request is ignored. */
export function isCancelled(error: unknown): boolean {
  return isCancel(error)
}

/** HTTP status of a failed call, if the server answered. */
export function httpStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined
}

/** Seconds the server asks us to wait (429 Retry-After), if it said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!isHttpError(error) || error.response?.status !== 429) return undefined
  const raw: unknown = error.response.headers?.['retry-after']
  const seconds = Number(raw)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined
}
