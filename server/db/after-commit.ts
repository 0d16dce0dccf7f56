import type { Db, Executor } from './client'

type Hook = () => void | Promise<void>

const hooksByTx = new WeakMap<object, Hook[]>()
const roots = new WeakSet<object>()
const rootByTx = new WeakMap<object, object>()

/**
 * Makes `db.transaction` remember, per transaction, work to run once it has committed (ADR 010): a notification is
 * delivered, a socket event emitted, only for changes that really happened — never for a rolled-back one.
 */
export function trackCommits(db: Db): Db {
  roots.add(db)
  const original = db.transaction.bind(db) as (
    fn: (tx: any) => Promise<unknown>,
    config?: unknown,
  ) => Promise<unknown>
  const wrapped = async (fn: (tx: any) => Promise<unknown>, config?: unknown) => {
    const hooks: Hook[] = []
    const result = await original(async (tx) => {
      hooksByTx.set(tx, hooks)
      rootByTx.set(tx, db)
      return fn(tx)
    }, config)
    for (const hook of hooks) {
      try {
        await hook()
      } catch (e) {
        // The change is committed; a failed side effect must not turn the answer into an error.
        console.error('after-commit hook failed', e)
      }
    }
    return result
  }
  ;(db as any).transaction = wrapped
  return db
}

/**
 * Runs `hook` after the transaction `executor` belongs to commits (in registration order), or at once when
 * `executor` is the database itself (each statement is its own transaction).
 */
export function afterCommit(executor: Executor, hook: Hook): void {
  const hooks = hooksByTx.get(executor)
  if (hooks) {
    hooks.push(hook)
    return
  }
  if (roots.has(executor)) {
    void Promise.resolve()
      .then(hook)
      .catch((e) => console.error('after-commit hook failed', e))
    return
  }
  throw new Error('afterCommit: not a tracked database or top-level transaction')
}

/** The tracked database an executor belongs to (itself, or the database a transaction was opened on). */
export function rootOf(executor: Executor): object | undefined {
  return roots.has(executor) ? executor : rootByTx.get(executor)
}
