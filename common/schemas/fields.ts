import { z } from 'zod'

/** Digits with an optional decimal point (product.md §6 "Numeric fields"): "500", "499.5", ".5", "12.". */
export const NUMERIC_TEXT = /^(\d+(\.\d*)?|\.\d+)$/
/** Control characters are never meaningful in titles or descriptions (and would break highlight markers). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

export interface NumericRule {
  /** Field name as a person reads it ("Amount"). */
  label: string
  max: number
  /** Most decimals allowed (money: 2); unset = any. */
  decimals?: number
  integer?: boolean
  /** How to print `max` in the message (money: ₹ with Indian grouping). */
  format?: (n: number) => string
}

/**
 * A numeric form field as a browser sends it: a number, or a string of digits with an optional decimal point.
 * Blank ('' / null / missing) is undefined, so forms may send every field whatever the payment model.
 */
export function numericField(rule: NumericRule) {
  const { label, max, decimals, integer } = rule
  const fmt = rule.format ?? ((n: number) => n.toLocaleString('en-IN'))
  return z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx): number | undefined => {
      if (blank(v)) return undefined
      const text = typeof v === 'string' ? v.trim() : String(v)
      const n = typeof v === 'number' ? v : Number(text)
      // `continue` keeps the object's own checks running, so "Please fill all required fields" still comes first.
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, continue: true })
        return undefined
      }
      if ((typeof v === 'string' && !NUMERIC_TEXT.test(text)) || !Number.isFinite(n) || n < 0)
        return fail(`${label} must contain only digits with an optional decimal point`)
      if (integer && !Number.isInteger(n)) return fail(`${label} must be a whole number`)
      if (decimals !== undefined && Math.abs(Math.round(n * 10 ** decimals) - n * 10 ** decimals) > 1e-6)
        return fail(`${label} can have at most ${decimals} decimal places`)
      if (n > max) return fail(`${label} must be at most ${fmt(max)}`)
      return n
    })
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 })
/** Largest amount or rate a job may name, in rupees (₹1 crore). */
export const MONEY_MAX_RUPEES = 1_00_00_000

/** Rupees with at most 2 decimals (product.md §6). */
export const moneyField = (label: string, max = MONEY_MAX_RUPEES) =>
  numericField({ label, max, decimals: 2, format: (n) => inr.format(n) })

/** Trimmed free text without control characters; blank is ''. */
export const textField = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max * 2, `${label} must be at most ${max} characters`)
    .transform((s, ctx) => {
      const t = s.replace(CONTROL, '').trim()
      if (t.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max} characters` })
        return z.NEVER
      }
      return t
    })

/** Optional free text: blank or missing → null. */
export const optionalText = (label: string, max: number) =>
  z
    .union([textField(label, max), z.null()])
    .optional()
    .transform((v) => v || null)

const UPLOAD_PATH = /^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/
/**
 * A link the web shows as href/src: a file uploaded to this server (/uploads/…) or an http(s) address. Anything
 * else (javascript:, data:…) is refused, so a stored link can never run script in another user's browser.
 */
export const linkField = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v, ctx): string | null => {
      if (blank(v)) return null
      const s = (v as string).trim()
      let ok = UPLOAD_PATH.test(s)
      if (!ok && s.length <= 500) {
        try {
          const u = new URL(s)
          ok = (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname
        } catch {
          ok = false
        }
      }
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be an uploaded file or a web address starting with https://`,
        })
        return z.NEVER
      }
      return s
    })

/** A query-string flag: "true"/"1" → true, "false"/"0"/"" → false. */
export const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1')

/** Removes control characters, keeping the text otherwise as typed. */
export const stripControls = (s: string) => s.replace(CONTROL, '')

/** One of `values`, or blank ('' / null / missing) → undefined; anything else fails with `message`. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v): T[number] | undefined => v || undefined)
