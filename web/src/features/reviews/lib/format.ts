/** A date in the reader's own locale: "26 Nov 2026" (en-IN), "Nov 26, 2026" (en-US). */
export const formatDay = (iso: string, locale?: string) =>
  new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })

export const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const
