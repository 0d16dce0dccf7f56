/** India Standard Time is UTC+05:30 all year (no daylight saving), so its calendar is plain arithmetic. */
const IST_MS = 330 * 60_000
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Hour of day at which daily digests (and, on Mondays, weekly ones) fall due in India. */
export const DIGEST_HOUR_IST = 9

export interface QuietHours {
  from: number
  to: number
}

/** `ALERT_QUIET_HOURS` ("22-7"): null when empty or when both ends are the same hour. */
export function parseQuietHours(text: string): QuietHours | null {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(text.trim())
  if (!m) return null
  const q = { from: Number(m[1]), to: Number(m[2]) }
  return q.from === q.to ? null : q
}

/** The hour (0-23) in India at `at`. */
export const hourInIndia = (at: Date) => Math.floor(((((at.getTime() + IST_MS) % DAY) + DAY) % DAY) / HOUR)

/** Whether `at` falls in the quiet hours (which may wrap past midnight, as 22-7 does). */
export function isQuiet(at: Date, q: QuietHours | null): boolean {
  if (!q) return false
  const h = hourInIndia(at)
  return q.from < q.to ? h >= q.from && h < q.to : h >= q.from || h < q.to
}

/** Midnight in India of the India day `at` falls in. */
export function startOfIndiaDay(at: Date): Date {
  const local = at.getTime() + IST_MS
  return new Date(local - (((local % DAY) + DAY) % DAY) - IST_MS)
}

/** The latest 09:00 in India at or before `at`: a daily digest last handled before it is due. */
export function lastDailyDigest(at: Date): Date {
  const today = startOfIndiaDay(at).getTime() + DIGEST_HOUR_IST * HOUR
  return new Date(today <= at.getTime() ? today : today - DAY)
}

/** The latest Monday 09:00 in India at or before `at`: a weekly digest last handled before it is due. */
export function lastWeeklyDigest(at: Date): Date {
  let t = lastDailyDigest(at)
  // 1970-01-01 was a Thursday; in India-local days, Monday is (days + 3) % 7 === 0.
  while (Math.floor((t.getTime() + IST_MS) / DAY + 3) % 7 !== 0) t = new Date(t.getTime() - DAY)
  return t
}
