import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { IntlMessageFormat } from 'intl-messageformat'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import {
  acceptLanguageTags,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  pickLanguage,
  type Language,
} from '@common/languages'
import { formatArg, type Arg } from './format'

/**
 * What the server writes for people to read — error answers, notifications, emails — in their language (issue 26,
 * ADR 069). One flat ICU catalogue per language in `server/i18n/messages`; the English one holds today's texts byte
 * for byte, so an English reader sees exactly what they saw before.
 */
export type Params = Record<string, Arg>
export { money, moment, formatMoney, formatMoment, type Arg } from './format'
type Catalogue = Record<string, string>

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages')
export const catalogues: Record<Language, Catalogue> = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(DIR, `${l}.json`), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>

const formats = new Map<string, IntlMessageFormat>()
function formatter(language: Language, key: string): IntlMessageFormat | null {
  const id = `${language}\u0000${key}`
  let f = formats.get(id)
  if (!f) {
    const text = catalogues[language][key]
    if (text === undefined) return null
    f = new IntlMessageFormat(text, language)
    formats.set(id, f)
  }
  return f
}

/** The message `key` in `language` (English when that language lacks it; the key itself when neither has it). */
export function translate(language: Language, key: string, params: Params = {}): string {
  const f = formatter(language, key) ?? formatter(DEFAULT_LANGUAGE, key)
  if (!f) return key
  // Money and moments are formatted for this reader (./format); the rest goes to ICU as it is.
  const args: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(params))
    args[k] =
      typeof v === 'object' && 'key' in v ? translate(language, v.key, v.params) : formatArg(language, v)
  return String(f.format(args))
}

/**
 * A successful answer's sentence by key (ADR 078): `message` is its English text, and the answer carries the key and
 * arguments under a symbol, which the answers hook renders for a reader of another language and JSON never shows.
 */
export const SAID = Symbol('said')
export function answerMessage(key: string, params: Params = {}) {
  return { message: translate(DEFAULT_LANGUAGE, key, params), [SAID]: { key, params } }
}

/** The language of whoever reads this answer: their account's, else the `lang` cookie, else Accept-Language. */
export function readerLanguage(req: {
  user?: { language?: string | null } | null
  cookies?: Record<string, string | undefined>
  headers: Record<string, string | string[] | undefined>
}): Language {
  const own = req.user?.language
  if (isLanguage(own)) return own
  const cookie = req.cookies?.[LANGUAGE_COOKIE]
  if (isLanguage(cookie)) return cookie
  const header = req.headers['accept-language']
  return (
    pickLanguage(acceptLanguageTags(Array.isArray(header) ? header.join(',') : header)) ?? DEFAULT_LANGUAGE
  )
}

// ---- Reading an English text back into its key -------------------------------------------------------------------
//
// Code throughout the server writes its English sentences as it always has (`badRequest('Job not found')`, a rate
// limit's "… Please try again in 5 seconds."). As gettext does with its msgids, the English text is the id: it is
// looked up in the English catalogue (exact text, or a template whose simple `{arguments}` are read back out of it)
// and the same key is rendered in the reader's language. A text not in the catalogue stays as it is.

interface Template {
  key: string
  re: RegExp
  args: string[]
  /** Literal characters: with several matches, the most specific template wins. */
  weight: number
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A regular expression for a message made of literals and simple or number arguments only (else null). */
function templateOf(key: string, text: string): Template | null {
  let ast: MessageFormatElement[]
  try {
    ast = parse(text)
  } catch {
    return null
  }
  let re = ''
  let weight = 0
  const args: string[] = []
  for (const el of ast) {
    if (el.type === TYPE.literal) {
      re += escapeRe(el.value)
      weight += el.value.length
    } else if (el.type === TYPE.argument || el.type === TYPE.number) {
      re += '(.+?)'
      args.push(el.value)
    } else return null
  }
  return { key, re: new RegExp(`^${re}$`, 's'), args, weight }
}

const exact = new Map<string, string>()
const templates: Template[] = []
for (const [key, text] of Object.entries(catalogues[DEFAULT_LANGUAGE])) {
  const t = templateOf(key, text)
  if (!t) continue
  if (t.args.length === 0) exact.set(text, key)
  // Keys under `templates` never match by their own text alone: a template must say something besides its arguments.
  else if (t.weight >= 6) templates.push(t)
}
templates.sort((a, b) => b.weight - a.weight)

/** The key and arguments of an English text the catalogue knows, or null. */
export function keyOf(
  english: string,
  prefixes: readonly string[] = ['errors.'],
): { key: string; params: Params } | null {
  const key = exact.get(english)
  if (key && prefixes.some((p) => key.startsWith(p))) return { key, params: {} }
  for (const t of templates) {
    if (!prefixes.some((p) => t.key.startsWith(p))) continue
    const m = t.re.exec(english)
    if (!m) continue
    const params: Params = {}
    t.args.forEach((a, i) => (params[a] = m[i + 1]))
    return { key: t.key, params }
  }
  return null
}

/**
 * An English text in `language`: the whole text when the catalogue knows it, else sentence by sentence when it knows
 * every sentence ("You are posting too often. Please try again in 5 seconds."), else the text unchanged.
 */
export function localize(
  language: Language,
  english: string,
  prefixes: readonly string[] = ['errors.'],
): string {
  if (language === DEFAULT_LANGUAGE || !english) return english
  const whole = keyOf(english, prefixes)
  if (whole) return translate(language, whole.key, whole.params)
  const sentences = english.split(/(?<=[.!?])\s+/)
  if (sentences.length < 2) return english
  const parts = sentences.map((s) => keyOf(s, prefixes))
  if (parts.some((p) => !p)) return english
  return parts.map((p) => translate(language, p!.key, p!.params)).join(' ')
}
