import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sessions, users, type UserRow } from '../../db/schema'

export interface SessionStore {
  find(tokenHash: string): Promise<{ user: UserRow; expiresAt: Date } | null>
  create(tokenHash: string, userId: string, expiresAt: Date): Promise<void>
  extend(tokenHash: string, expiresAt: Date): Promise<void>
  remove(tokenHash: string): Promise<void>
  removeExpired(): Promise<void>
}

/** Sessions kept in the database (by token hash), shared by every instance. */
export function sessionsRepo(db: Executor): SessionStore {
  // Every signed-in request runs this: built once and prepared by name, so neither the query builder nor the
  // database's planner redoes it per request.
  const findStatement = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_find')
  return {
    async find(tokenHash) {
      const rows = await findStatement.execute({ tokenHash })
      return rows[0] ?? null
    },
    async create(tokenHash, userId, expiresAt) {
      await db.insert(sessions).values({ tokenHash, userId, expiresAt })
    },
    async extend(tokenHash, expiresAt) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash))
    },
    async remove(tokenHash) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    },
    async removeExpired() {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
    },
  }
}

/**
 * Remembers found sessions for `ttlMs` so a signed-in read does not query the database for its session every time
 * (ADR 025). It lives and dies with the read cache: every change anywhere — a logout, a profile edit, a role change —
 * drops it on every instance, the same way cached answers are dropped. Unknown tokens are never remembered.
 */
export function cachedSessionStore(
  store: SessionStore,
  opts: { ttlMs: number; onDrop(fn: () => void): void; maxEntries?: number; now?: () => number },
): SessionStore {
  if (opts.ttlMs <= 0) return store
  const now = opts.now ?? Date.now
  const max = opts.maxEntries ?? 50_000
  const found = new Map<string, { value: { user: UserRow; expiresAt: Date }; until: number }>()
  let generation = 0
  opts.onDrop(() => {
    generation++
    found.clear()
  })
  return {
    ...store,
    async find(tokenHash) {
      const hit = found.get(tokenHash)
      const t = now()
      if (hit && hit.until > t && hit.value.expiresAt.getTime() > t) return hit.value
      if (hit) found.delete(tokenHash)
      const gen = generation
      const value = await store.find(tokenHash)
      // A session read across a drop (a logout landing meanwhile) is answered but not remembered.
      if (value && gen === generation) {
        if (found.size >= max) found.delete(found.keys().next().value as string)
        found.set(tokenHash, { value, until: t + opts.ttlMs })
      }
      return value
    },
    async extend(tokenHash, expiresAt) {
      await store.extend(tokenHash, expiresAt)
      const hit = found.get(tokenHash)
      if (hit) hit.value = { ...hit.value, expiresAt }
    },
    async remove(tokenHash) {
      found.delete(tokenHash)
      await store.remove(tokenHash)
    },
  }
}
