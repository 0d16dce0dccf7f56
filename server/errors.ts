/** Typed errors; the error plugin renders each as the envelope of product.md §14. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly errors?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, code = 'bad_request', errors?: Record<string, string>) =>
  new AppError(400, code, message, errors)
export const unauthorized = (message = 'Please log in to continue', code = 'unauthorized') =>
  new AppError(401, code, message)
export const forbidden = (message = 'You are not allowed to do that', code = 'forbidden') =>
  new AppError(403, code, message)
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message)
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message)
export const tooLarge = (message: string, code = 'too_large') => new AppError(413, code, message)
export const unsupportedType = (message: string, code = 'unsupported_type') =>
  new AppError(415, code, message)
export const tooMany = (message: string, retryAfterSec: number, code = 'rate_limited') =>
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
