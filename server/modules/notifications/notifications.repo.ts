import { desc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { notifications, type NotificationRow } from '../../db/schema'

export const notificationsRepo = {
  async insert(db: Executor, values: typeof notifications.$inferInsert): Promise<NotificationRow> {
    return (await db.insert(notifications).values(values).returning())[0]
  },
  async ofUser(db: Executor, userId: string, limit = 50): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(limit)
  },
}
