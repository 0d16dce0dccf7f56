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
