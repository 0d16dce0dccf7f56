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
