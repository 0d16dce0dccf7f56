import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, validationMessage, ZOD_DEFAULT_WORDING } from '../errors'
import { DEFAULT_LANGUAGE } from '@common/languages'
import { localize, readerLanguage, SAID, translate, type Params } from '../i18n'

/**
 * PostgreSQL data exceptions caused by the value sent, not by the server: invalid byte sequence (a NUL in text),
 * untranslatable character (a NUL in jsonb), invalid text representation (a malformed uuid), numeric out of range,
 * bad datetime format and datetime field overflow.
 */
const BAD_VALUE_CODES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008'])

/**
 * One error envelope for every failure: typed errors as they are, validation by field, the rest generic. The
 * sentences a person reads come in their language (ADR 069); `code` and the English texts stay as they were.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const language = readerLanguage(req)
    const say = (s: string) => localize(language, s)
    if (err instanceof AppError) {
      // A 5xx we answer on purpose (mail down) still leaves the cause in the log for whoever runs the server.
      if (err.statusCode >= 500) req.log.error({ err, cause: err.cause, reqId: req.id }, err.code)
      if (err.headers) reply.headers(err.headers)
      const errors = err.errorsIn(language)
      return reply.status(err.statusCode).send({
        success: false,
        message: err.messageIn(language),
        code: err.code,
        ...(errors ? { errors } : {}),
      })
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {}
      for (const v of err.validation) {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || 'body'
        errors[field] ??= v.message ?? 'Invalid value'
      }
      const [field, msg] = Object.entries(errors)[0] ?? ['body', 'Invalid request']
      // Zod's own English wording has no catalogue entry: outside English it becomes "<field>: the value is not valid".
      const sayField = (f: string, m: string) =>
        language !== 'en-IN' && ZOD_DEFAULT_WORDING.test(m)
          ? translate(language, 'errors.generic.fieldInvalid', { field: f })
          : say(m)
      return reply.status(400).send({
        success: false,
        message: language === 'en-IN' ? validationMessage(field, msg) : sayField(field, msg),
        code: 'validation_failed',
        errors: Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, sayField(f, m)])),
      })
    }
    // A value the database cannot take (a NUL character, a malformed uuid or number) is the request's fault.
    const dbCode = (err as { code?: unknown }).code ?? (err as { cause?: { code?: unknown } }).cause?.code
    if (typeof dbCode === 'string' && BAD_VALUE_CODES.has(dbCode)) {
      req.log.info({ dbCode, reqId: req.id }, 'refused a value the database cannot store')
      return reply.status(400).send({
        success: false,
        message: say(
          'The request has a value the server cannot use (a hidden control character or a malformed id)',
        ),
        code: 'invalid_value',
      })
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code =
        status === 413
          ? 'too_large'
          : status === 429
            ? 'rate_limited'
            : status === 415
              ? 'unsupported_type'
              : (err.code?.toLowerCase().replace(/^fst_err_/, '') ?? 'bad_request')
      const message =
        status === 413
          ? 'The request is too large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'The request body is not valid JSON'
              : err.message
      return reply.status(status).send({ success: false, message: say(message), code })
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error')
    return reply.status(500).send({
      success: false,
      message: translate(language, 'errors.generic.internal', { reference: req.id }),
      code: 'internal_error',
    })
  })
  // The one sentence of a successful answer that the web shows in a toast ("Job deleted"), in the reader's language.
  // English answers are left as they are, untouched.
  app.addHook('preSerialization', async (req, reply, payload: unknown) => {
    const message = (payload as { message?: unknown } | null)?.message
    if (typeof message !== 'string' || reply.statusCode >= 400) return payload
    const language = readerLanguage(req)
    if (language === DEFAULT_LANGUAGE) return payload
    const said = (payload as { [SAID]?: { key: string; params: Params } })[SAID]
    return {
      ...(payload as object),
      message: said ? translate(language, said.key, said.params) : localize(language, message, ['answers.']),
    }
  })
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({
      success: false,
      message: `No route ${req.method} ${req.url.split('?')[0]}`,
      code: 'not_found',
    }),
  )
})
