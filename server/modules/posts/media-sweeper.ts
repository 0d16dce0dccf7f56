import fs from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sweepUnclaimed } from '../uploads/media.service'

/**
 * Runs the unclaimed-media sweep (ADR 015) every `everyMs` inside the server process. Each instance may run it:
 * the sweep takes its rows with `skip locked`, so instances share the work instead of colliding.
 */
export async function mediaSweeper(
  app: FastifyInstance,
  opts: { uploadsDir: string; everyMs: number; olderThanMs: number },
) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | null = null
  const run = () => {
    if (running) return
    running = (async () => {
      // Batches until a sweep finds nothing more to take.
      while ((await sweepUnclaimed(app.db, opts.uploadsDir, opts.olderThanMs)) > 0);
      await removeStaleIncoming(opts.uploadsDir, opts.olderThanMs)
    })()
      .catch((err) => app.log.warn({ err }, 'media sweep failed'))
      .finally(() => (running = null))
  }
  app.addHook('onReady', async () => {
    timer = setInterval(run, opts.everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await running
  })
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
