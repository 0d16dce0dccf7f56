import { eq, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users, type UserRow } from '../../db/schema'

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'fullname'
    | 'email'
    | 'phoneNumber'
    | 'bio'
    | 'skills'
    | 'resume'
    | 'language'
    | 'resumeOriginalName'
    | 'profilePhoto'
    | 'role'
  >
>

export const usersRepo = {
  async byId(db: Executor, id: string): Promise<UserRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null
    return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null
  },
  async byIdOrHandle(db: Executor, key: string): Promise<UserRow | null> {
    const cond = /^[0-9a-f-]{36}$/i.test(key)
      ? or(eq(users.id, key), eq(users.userId, key))
      : eq(users.userId, key)
    return (await db.select().from(users).where(cond).limit(1))[0] ?? null
  },
  async byHandle(db: Executor, userId: string): Promise<UserRow | null> {
    return (await db.select().from(users).where(eq(users.userId, userId)).limit(1))[0] ?? null
  },
  async byEmail(db: Executor, email: string): Promise<UserRow | null> {
    return (await db.select().from(users).where(eq(users.email, email)).limit(1))[0] ?? null
  },
  async usernameTaken(db: Executor, username: string): Promise<boolean> {
    return (
      (await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1)).length > 0
    )
  },
  async insert(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
    return (await db.insert(users).values(values).returning())[0]
  },
  async update(db: Executor, id: string, patch: UserPatch): Promise<UserRow> {
    return (
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning()
    )[0]
  },
}
