// The two languages of the web app (issue 26, docs/decisions/065-languages.md). The current language lives here, in
// one small store; its catalogue and the ICU formatter are fetched before the first screen renders (the root route
// waits for `languageReady()` while the page's own chunk downloads), the other language when someone switches to it.
import { useCallback, useSyncExternalStore } from 'react'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, pickLanguage, type Language } from '@common/languages'
import { retryImport } from '@/lib/retry-import'
import type en from './messages/en-IN.json'
import type { IcuValues } from './icu'

export type { Language }
export type MessageKey = keyof typeof en
export type { IcuValues }
type Catalogue = Record<string, string | MessageFormatElement[]>
type Format = (values: IcuValues | undefined) => string

const LOADERS: Record<Language, () => Promise<{ default: Catalogue }>> = {
  'en-IN': () => import('virtual:i18n/en-IN'),
  'hi-IN': () => import('virtual:i18n/hi-IN'),
}

let current: Language = DEFAULT_LANGUAGE
const catalogues: Partial<Record<Language, Catalogue>> = {}
const pending: Partial<Record<Language, Promise<void>>> = {}
let createFormatter: ((ast: MessageFormatElement[], locale: string) => Format) | null = null
let icuLoad: Promise<void> | null = null
const formatters = new Map<string, Format>()
const listeners = new Set<() => void>()

function loadIcu(): Promise<void> {
  return (icuLoad ??= retryImport(() => import('./icu')).then((m) => {
    createFormatter = m.createFormatter
  }))
}

function loadCatalogue(language: Language): Promise<void> {
  return (pending[language] ??= retryImport(LOADERS[language]).then((m) => {
    catalogues[language] = m.default
  }))
}

/** Remembers a visitor's choice for a year (a signed-in person's is also stored on their account). */
export function rememberLanguage(language: Language) {
  if (typeof document === 'undefined') return
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`
}

/**
 * The language to start in: the signed-in user's setting, else the `lang` cookie, else the browser's languages (what
 * it sends as Accept-Language), else English.
 */
export function detectLanguage(userLanguage?: string | null): Language {
  if (isLanguage(userLanguage)) return userLanguage
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(globalThis.document?.cookie ?? '')?.[1]
  if (isLanguage(cookie)) return cookie
  return pickLanguage(globalThis.navigator?.languages ?? []) ?? DEFAULT_LANGUAGE
}

function apply(language: Language) {
  current = language
  if (typeof document !== 'undefined') document.documentElement.lang = language
  listeners.forEach((l) => l())
}

/** Starts in `language`: resolves once its catalogue and the formatter are here (the root route waits for it). */
export async function languageReady(language: Language = current): Promise<void> {
  await Promise.all([loadCatalogue(language), loadIcu()])
  if (language !== current || globalThis.document?.documentElement.lang !== language) apply(language)
}

/** Switches the whole app to `language` once its catalogue has arrived (the page stays as it is meanwhile). */
export const setLanguage = languageReady

export const getLanguage = (): Language => current

/** Whether any catalogue has arrived (the error screen speaks English without one). */
export const hasCatalogue = () => Object.keys(catalogues).length > 0

export function subscribeLanguage(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** A message of the current language's catalogue (falling back to English, then to the key). */
export function translate(key: MessageKey, values?: IcuValues, language: Language = current): string {
  const message = catalogues[language]?.[key] ?? catalogues[DEFAULT_LANGUAGE]?.[key]
  if (message === undefined) return key
  if (typeof message === 'string') return message
  // The formatter arrives with the first catalogue, before anything renders (`languageReady`).
  if (!createFormatter) return key
  const id = `${language}\u0000${key}`
  let f = formatters.get(id)
  if (!f) formatters.set(id, (f = createFormatter(message, language)))
  return f(values)
}

/** Same as `translate`, for code outside React (toasts, titles). */
export const t = (key: MessageKey, values?: IcuValues) => translate(key, values)

export type Translate = (key: MessageKey, values?: IcuValues) => string

/** The current language; the component renders again when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage)
}

/** `t(key, values)` in the current language; the component renders again when the language changes. */
export function useT(): Translate {
  const language = useLanguage()
  return useCallback((key: MessageKey, values?: IcuValues) => translate(key, values, language), [language])
}
