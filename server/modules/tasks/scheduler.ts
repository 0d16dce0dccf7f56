import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { tasksRepo } from './tasks.repo'

/** Background work done once per period across every instance on the same database (ADR 018). */
export interface PeriodicTask {
  name: string
  everyMs: number
  /** How long a run may take before another instance may assume it died and take over (default 10 min). */
  leaseMs?: number
  run(): Promise<unknown>
}

export type RunOutcome = 'ran' | 'not_due' | 'failed'

export interface Scheduler {
  /** Runs `name` now if it is due and no instance holds it; what happened. */
  runDue(name: string): Promise<RunOutcome>
}

/**
 * Polls the shared schedule (every `pollMs`, default the shortest period but at most a minute) and runs each task
 * that is due and unclaimed. Any number of instances may run this: the database hands each period to one of them.
 */
export function startScheduler(
  app: FastifyInstance,
  db: Db,
  tasks: PeriodicTask[],
  opts: { pollMs?: number } = {},
): Scheduler {
  const byName = new Map(tasks.map((t) => [t.name, t]))
  const inFlight = new Map<string, Promise<RunOutcome>>()

  const execute = async (task: PeriodicTask): Promise<RunOutcome> => {
    const owner = crypto.randomUUID()
    if (!(await tasksRepo.claim(db, task.name, owner, task.leaseMs ?? 10 * 60_000))) return 'not_due'
    let error: string | null = null
    try {
      await task.run()
    } catch (err) {
      app.log.warn({ err, task: task.name }, 'scheduled task failed')
      error = err instanceof Error ? err.message : String(err)
    }
    await tasksRepo.finish(db, task.name, owner, task.everyMs, error)
    return error === null ? 'ran' : 'failed'
  }

  const runDue = (name: string): Promise<RunOutcome> => {
    const task = byName.get(name)
    if (!task) return Promise.reject(new Error(`no scheduled task ${name}`))
    // One run per task in this process at a time; a second caller shares its outcome.
    let p = inFlight.get(name)
    if (!p) {
      p = execute(task).finally(() => inFlight.delete(name))
      inFlight.set(name, p)
    }
    return p
  }

  const pollMs = opts.pollMs ?? Math.min(60_000, ...tasks.map((t) => t.everyMs))
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    if (!tasks.length) return
    timer = setInterval(() => {
      for (const t of tasks)
        runDue(t.name).catch((err) => app.log.warn({ err, task: t.name }, 'scheduled task check failed'))
    }, pollMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    await Promise.allSettled(inFlight.values())
  })
  return { runDue }
}
