import { isHttpError } from '@/lib/http'

/** The `errors` map (field → message) of a validation failure (product.md §14), or {}. */
export { serverFieldErrors } from '@/lib/field-errors'

/** The envelope's `code` (snake_case), if the server sent one. */
export function serverCode(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined
  const data: unknown = error.response?.data
  if (!data || typeof data !== 'object' || !('code' in data)) return undefined
  const code = (data as { code: unknown }).code
  return typeof code === 'string' ? code : undefined
}
