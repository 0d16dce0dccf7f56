import { isHttpError } from './http'

/**
 * The `errors` map (field → message) a 400 carries (product.md §14, e.g. `validation_failed`), or {}: each message is
 * shown beside its field, and what the user typed stays.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isHttpError(error)) return {}
  const data: unknown = error.response?.data
  if (!data || typeof data !== 'object' || !('errors' in data)) return {}
  const errors = (data as { errors: unknown }).errors
  if (!errors || typeof errors !== 'object') return {}
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '',
    ),
  )
}

/** Only the entries of `errors` whose field is one of `fields` (a form shows what it has a place for). */
export function pickFieldErrors<K extends string>(
  errors: Record<string, string>,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {}
  for (const f of fields) if (errors[f]) out[f] = errors[f]
  return out
}
