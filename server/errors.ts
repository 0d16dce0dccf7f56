import { DEFAULT_LANGUAGE, type Language } from '@common/languages'
import { localize, translate, type Params } from './i18n'

/**
 * A sentence by its catalogue key and arguments (ADR 078): its English text is rendered from the English catalogue,
 * and a reader of another language gets the same key in theirs, with amounts and moments formatted for them.
 */
export interface Said {
  key: string
  params?: Params
}
export const said = (key: string, params: Params = {}): Said => ({ key, params })
type Text = string | Said
const english = (t: Text) => (typeof t === 'string' ? t : translate(DEFAULT_LANGUAGE, t.key, t.params))

/** Typed errors; the error plugin renders each as the envelope of product.md §14. */
export class AppError extends Error {
  /** The message's key and arguments, when it was given by key rather than by its English text. */
  public readonly said?: Said
  public readonly errors?: Record<string, string>
  private readonly saidErrors?: Record<string, Said>
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: Text,
    errors?: Record<string, Text>,
    public readonly headers?: Record<string, string>,
  ) {
    super(english(message))
    if (typeof message !== 'string') this.said = message
    if (errors) {
      this.errors = Object.fromEntries(Object.entries(errors).map(([f, t]) => [f, english(t)]))
      const keyed = Object.entries(errors).filter((e): e is [string, Said] => typeof e[1] !== 'string')
      if (keyed.length) this.saidErrors = Object.fromEntries(keyed)
    }
  }

  /** The message in `language`: by its key when it has one, else its English text read back (ADR 069). */
  messageIn(language: Language): string {
    return this.said ? translate(language, this.said.key, this.said.params) : localize(language, this.message)
  }

  /** The field messages in `language`. */
  errorsIn(language: Language): Record<string, string> | undefined {
    if (!this.errors) return undefined
    return Object.fromEntries(
      Object.entries(this.errors).map(([f, m]) => {
        const s = this.saidErrors?.[f]
        return [f, s ? translate(language, s.key, s.params) : localize(language, m)]
      }),
    )
  }
}

export const badRequest = (message: Text, code = 'bad_request', errors?: Record<string, Text>) =>
  new AppError(400, code, message, errors)
export const unauthorized = (message: Text = 'Please log in to continue', code = 'unauthorized') =>
  new AppError(401, code, message)
export const forbidden = (message: Text = 'You are not allowed to do that', code = 'forbidden') =>
  new AppError(403, code, message)
export const notFound = (message: Text = 'Not found', code = 'not_found') => new AppError(404, code, message)
export const conflict = (message: Text, code = 'conflict') => new AppError(409, code, message)
export const tooLarge = (message: Text, code = 'too_large') => new AppError(413, code, message)
export const unsupportedType = (message: Text, code = 'unsupported_type') => new AppError(415, code, message)
export const tooMany = (message: Text, retryAfterSec: number, code = 'rate_limited') =>
  new AppError(429, code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSec))),
  })

/**
 * Zod's own wording ("Too big: expected string to have <=5000 characters") does not say which field it means, so the
 * message leads with the field's name. The schemas' own messages name it already ("A post is at most 5000
 * characters") and are sent as they are, fit for a toast.
 */
export const ZOD_DEFAULT_WORDING = /^(Invalid|Too big|Too small|Unrecognized key)/

/** The one sentence a 400 for `field` carries (the errors map keeps every field's message). */
export const validationMessage = (field: string, message: string) =>
  field === 'body' || !ZOD_DEFAULT_WORDING.test(message) ? message : `${field}: ${message}`
