import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../../db/client'
import type { PeriodicTask } from '../tasks/scheduler'
import { sweepUnclaimed } from '../uploads/media.service'

/**
 * The unclaimed-media sweep (ADR 015) as a periodic task: the shared schedule (ADR 018) gives each period to one
 * instance. Its rows are still taken with `skip locked`, so even a run that outlived its lease and met another
 * would share the work instead of colliding.
 */
export function mediaSweepTask(
  db: Db,
  opts: { uploadsDir: string; everyMs: number; olderThanMs: number },
): PeriodicTask {
  return {
    name: 'media-sweep',
    everyMs: opts.everyMs,
    async run() {
      // Batches until a sweep finds nothing more to take.
      while ((await sweepUnclaimed(db, opts.uploadsDir, opts.olderThanMs)) > 0);
      await removeStaleIncoming(opts.uploadsDir, opts.olderThanMs)
    },
  }
}

/** Temporary files of uploads cut off by a crash (a finished request always removes its own). */
export async function removeStaleIncoming(uploadsDir: string, olderThanMs: number): Promise<number> {
  const cutoff = Date.now() - olderThanMs
  let removed = 0
  for (const name of await fs.readdir(uploadsDir)) {
    if (!name.startsWith('.incoming-')) continue
    const full = path.join(uploadsDir, name)
    const st = await fs.stat(full).catch(() => null)
    if (st && st.mtimeMs < cutoff) {
      await fs.rm(full, { force: true })
      removed++
    }
  }
  return removed
}
