import { isHttpError } from '@/lib/http'

/** The `errors` map (field → message) of a 400 from PUT /payouts/account, or {}. */
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
