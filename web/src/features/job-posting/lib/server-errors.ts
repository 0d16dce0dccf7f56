import { isHttpError } from '@/lib/http'

/** The `errors` map (field → message) of a validation failure (product.md §14), or {}. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {}
  const data: unknown = error.response?.data
  if (!data || typeof data !== 'object' || !('errors' in data)) return {}
  const errors = (data as { errors: unknown }).errors
  if (!errors || typeof errors !== 'object') return {}
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  )
}

/** The envelope's `code` (snake_case), if the server sent one. */
export function serverCode(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined
  const data: unknown = error.response?.data
  if (!data || typeof data !== 'object' || !('code' in data)) return undefined
  const code = (data as { code: unknown }).code
  return typeof code === 'string' ? code : undefined
}
