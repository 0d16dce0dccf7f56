import type { SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'

/** One difference a check found: what it is about, what was expected and what is there (rupees for money). */
export interface Mismatch {
  kind: string
  subject: string
  expected: string | null
  actual: string | null
  detail: string
}

/** What one check looked at (rows, accounts or transactions) and what it found. */
export interface CheckResult {
  checked: number
  mismatches: Mismatch[]
}

/** Paise (a number or PostgreSQL's bigint text) as a rupee amount with two decimals: "1234.50". */
export const rupees = (paise: unknown) => {
  const p = Number(paise ?? 0)
  const sign = p < 0 ? '-' : ''
  const a = Math.abs(p)
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`
}

/** The `n` column of a count query. */
export async function count(db: Executor, q: SQL): Promise<number> {
  return Number(((await db.execute(q)).rows[0] as { n: unknown }).n ?? 0)
}
