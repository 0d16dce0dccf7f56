import { IST_OFFSET_MS } from '@common/financial-year'

const DAY_MS = 86_400_000
/** The calendar day in India (as the database counts views), as a day number: no Date made on every read. */
export const indiaDay = (now: number = Date.now()) => Math.floor((now + IST_OFFSET_MS) / DAY_MS)

/**
 * Remembers which (job, viewer) pairs this process has already counted today, so a viewer's repeat visits cost no
 * database write at all. The database's unique (job, viewer, day) key stays the judge across instances; this is only a
 * shortcut, and a full or new-day set simply starts again.
 */
export function viewMemory(opts: { maxEntries?: number; today?: () => number } = {}) {
  const max = opts.maxEntries ?? 200_000
  const today = opts.today ?? (() => indiaDay())
  let day = today()
  let seen = new Set<string>()
  const key = (jobId: string, viewerKey: string) => `${jobId}|${viewerKey}`
  const roll = () => {
    const d = today()
    if (d !== day || seen.size >= max) {
      day = d
      seen = new Set()
    }
  }
  return {
    has(jobId: string, viewerKey: string): boolean {
      roll()
      return seen.has(key(jobId, viewerKey))
    },
    add(jobId: string, viewerKey: string): void {
      roll()
      seen.add(key(jobId, viewerKey))
    },
  }
}
export type ViewMemory = ReturnType<typeof viewMemory>
