/**
 * The languages Microlance is read in (issue 26, DECISIONS.md "Languages and alerts"): English (India), the default,
 * and Hindi. The same tags name the web app's catalogues, the `lang` cookie, `users.language` and `Intl` locales.
 */
export const LANGUAGES = ['en-IN', 'hi-IN'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en-IN'
/** The cookie that remembers a visitor's choice (a signed-in person's lives on their account). */
export const LANGUAGE_COOKIE = 'lang'

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language)

/** The supported language a list of browser preferences asks for first ("hi", "hi-IN", "en-GB" …), or null. */
export function pickLanguage(prefs: readonly string[]): Language | null {
  for (const tag of prefs) {
    const primary = tag.toLowerCase().split('-')[0]
    if (primary === 'hi') return 'hi-IN'
    if (primary === 'en') return 'en-IN'
  }
  return null
}

/** The tags of an `Accept-Language` header, most wanted first (by q-value, then order). */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i }
    })
    .filter((p) => p.tag && p.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((p) => p.tag)
}
