import type { PublishedEvents } from '@common/events'
import type { Executor } from '../db/client'
import { afterCommit, rootOf } from '../db/after-commit'

export type Publish = <E extends keyof PublishedEvents>(event: E, payload: PublishedEvents[E]) => void

// One publisher per database handle: two app instances in one process (tests) each deliver through their own server.
const publishers = new WeakMap<object, Publish>()

/** Connects a database's committed changes to a realtime server (done once by realtime/ at start). */
export function attachPublisher(db: Executor, publish: Publish): void {
  publishers.set(rootOf(db) ?? db, publish)
}

/**
 * Publishes `event` once the transaction `tx` commits (ADR 010) — never for a rolled-back change. Services call
 * this; only realtime/ knows about sockets and rooms.
 */
export function publishAfterCommit<E extends keyof PublishedEvents>(
  tx: Executor,
  event: E,
  payload: PublishedEvents[E],
): void {
  const root = rootOf(tx)
  afterCommit(tx, () => {
    const publish = root && publishers.get(root)
    if (publish) publish(event, payload)
  })
}
