import { financialYearBounds, financialYearOf, isFinancialYear } from '@common/financial-year'

/** The financial year (April–March, in India) that `now` falls in, written '2026-27'. */
export const currentFinancialYear = (now: Date | number = Date.now()) => financialYearOf(now)

/** The year a page was asked for (`?year=`), or the current one when it is missing or not a financial year. */
export function chosenFinancialYear(
  asked: string | null | undefined,
  now: Date | number = Date.now(),
): string {
  return asked && isFinancialYear(asked) ? asked : currentFinancialYear(now)
}

/** The year before a financial year: '2026-27' → '2025-26'. */
export function previousFinancialYear(fy: string): string {
  const start = Number(fy.slice(0, 4)) - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/**
 * The years a picker offers: the ones with records, the current one and the one before it (returns for it are filed
 * well into the current year), and the chosen one; newest first, each once.
 */
export function financialYearChoices(
  withRecords: readonly string[],
  chosen: string,
  now: Date | number = Date.now(),
): string[] {
  const current = currentFinancialYear(now)
  const all = new Set(
    [current, previousFinancialYear(current), chosen, ...withRecords].filter(isFinancialYear),
  )
  return [...all].sort((a, b) => b.localeCompare(a))
}

/** Whether an instant (an API timestamp) falls in the financial year; a missing or bad one does not. */
export function inFinancialYear(iso: string | null | undefined, fy: string): boolean {
  if (!iso || !isFinancialYear(fy)) return false
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return false
  const { start, end } = financialYearBounds(fy)
  return t >= start.getTime() && t < end.getTime()
}

/** "2026-27" → "April 2026 – March 2027", the span a picker names for a screen reader and a tooltip. */
export function financialYearSpan(fy: string): string {
  if (!isFinancialYear(fy)) return fy
  const start = Number(fy.slice(0, 4))
  return `April ${start} – March ${start + 1}`
}
