// The two languages of the web app (issue 26, docs/decisions/065-languages.md, 068). The current language lives here,
// in one small store. Catalogues are split by area (areas.ts): `core` and the ICU formatter are fetched before the
// first screen renders (the root route waits for `languageReady()` while the page's own chunk downloads), each other
// area with the routes that show it (`withAreas`), and the other language's areas when someone switches to it.
import { useCallback, useSyncExternalStore } from 'react'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import LOADERS from 'virtual:i18n/loaders'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, isLanguage, pickLanguage, type Language } from '@common/languages'
import { retryImport } from '@/lib/retry-import'
import { areaOf, type Area } from './areas'
import type { MessageKey } from './keys'
import type { IcuValues } from './icu'

export type { Language, MessageKey, Area }
export type { IcuValues }
type Catalogue = Record<string, string | MessageFormatElement[]>
type Format = (values: IcuValues | undefined) => string

let current: Language = DEFAULT_LANGUAGE
/** Per language, the messages of every area loaded so far, merged (keys are unique across areas). */
const catalogues: Partial<Record<Language, Catalogue>> = {}
const pending = new Map<string, Promise<void>>()
/** The areas the app has asked for: a switch of language fetches all of them before it applies. */
const wanted = new Set<Area>(['core'])
let createFormatter: ((ast: MessageFormatElement[], locale: string) => Format) | null = null
let icuLoad: Promise<void> | null = null
const formatters = new Map<string, Format>()
const listeners = new Set<() => void>()

function loadIcu(): Promise<void> {
  return (icuLoad ??= retryImport(() => import('./icu')).then((m) => {
    createFormatter = m.createFormatter
  }))
}

function loadArea(language: Language, area: Area): Promise<void> {
  const id = `${language}/${area}`
  let p = pending.get(id)
  if (!p) {
    p = (async () => {
      // Core comes first (the root route asks for it at once); its module names the language's other areas.
      const core = await retryImport(LOADERS[language])
      const m = area === 'core' ? core : await retryImport(core.areas[area])
      catalogues[language] = { ...catalogues[language], ...m.default }
      loaded.add(id)
    })()
    p.catch(() => pending.delete(id))
    pending.set(id, p)
  }
  return p
}
const loaded = new Set<string>()
const isLoaded = (language: Language, area: Area) => loaded.has(`${language}/${area}`)

/**
 * Fetches areas of the current language (a route's lazy loader waits for them beside its chunk). A component that
 * shows an area its route did not ask for still works: `translate` fetches it and the screen renders again.
 */
export async function loadAreas(areas: readonly Area[]): Promise<void> {
  for (const a of areas) wanted.add(a)
  const language = current
  await Promise.all(areas.map((a) => loadArea(language, a)))
  if (language !== current) await loadAreas(areas)
}

/** A route's `lazy` that also waits for the catalogue areas its screen shows, downloaded in parallel. */
export function withAreas<T>(areas: readonly Area[], lazy: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([lazy(), loadAreas(areas)]))[0]
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
  await Promise.all([...[...wanted].map((a) => loadArea(language, a)), loadIcu()])
  if (language !== current || globalThis.document?.documentElement.lang !== language) apply(language)
}

/** Switches the whole app to `language` once its catalogues have arrived (the page stays as it is meanwhile). */
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
  if (message === undefined) {
    const area = areaOf(key)
    if (!isLoaded(language, area)) lateArea(language, area)
    return key
  }
  if (typeof message === 'string') return message
  // The formatter arrives with the first catalogue, before anything renders (`languageReady`).
  if (!createFormatter) return key
  const id = `${language}\u0000${key}`
  let f = formatters.get(id)
  if (!f) formatters.set(id, (f = createFormatter(message, language)))
  return f(values)
}

/** An area nobody asked for in advance: fetched once, then every screen renders again with it. */
function lateArea(language: Language, area: Area) {
  if (pending.has(`${language}/${area}`)) return
  wanted.add(area)
  void loadArea(language, area).then(() => {
    version++
    listeners.forEach((l) => l())
  })
}
let version = 0
const getVersion = () => version

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
  // A late area (see `lateArea`) renders the screen again too.
  const late = useSyncExternalStore(subscribeLanguage, getVersion, getVersion)
  return useCallback(
    (key: MessageKey, values?: IcuValues) => translate(key, values, language),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `late` is a reason to translate again, not an input
    [language, late],
  )
}
