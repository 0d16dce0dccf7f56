import { and, count, desc, eq, getTableColumns, lt, or, sql } from 'drizzle-orm'
import type { Db, Executor } from '../../db/client'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@common/languages'
import { notifications, type NotificationRow } from '../../db/schema'

/**
 * The bell's two reads, run on every page load by every signed-in person: built once and prepared by name per
 * database, so neither the query builder nor the planner redoes them per request.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>()
function prepare(db: Db) {
  return {
    firstPage: db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('notifications_first_page'),
    unread: db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.isRead, false)))
      .prepare('notifications_unread'),
  }
}
const statements = (db: Db) => {
  let s = prepared.get(db)
  if (!s) prepared.set(db, (s = prepare(db)))
  return s
}

export const notificationsRepo = {
  /** The newest page (no cursor) and the unread count, outside any transaction. */
  async firstPageAndUnread(db: Db, userId: string, limit: number) {
    const s = statements(db)
    const [rows, unread] = await Promise.all([
      s.firstPage.execute({ userId, limit }),
      s.unread.execute({ userId }),
    ])
    return { rows, unreadCount: Number(unread[0]?.n ?? 0) }
  },
  /**
   * Writes a row and answers with it and its recipient's language, read by a subquery in the same statement's
   * `returning` (ADR 078), so telling someone live costs no second round trip.
   */
  async insert(
    db: Executor,
    values: typeof notifications.$inferInsert,
  ): Promise<{ row: NotificationRow; language: Language }> {
    const [{ language, ...row }] = await db
      .insert(notifications)
      .values(values)
      .returning({
        ...getTableColumns(notifications),
        // Qualified by hand: drizzle writes a bare "user_id" here, which users has too (its public handle).
        language: sql<Language | null>`(select u.language from users u where u.id = notifications.user_id)`,
      })
    return { row, language: isLanguage(language) ? language : DEFAULT_LANGUAGE }
  },
  /** Newest first; `before` is the (createdAt, id) of the last row of the previous page. */
  async ofUser(
    db: Executor,
    userId: string,
    limit = 50,
    before?: { createdAt: Date; id: string },
  ): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          before
            ? or(
                lt(notifications.createdAt, before.createdAt),
                and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
  },
  /** Whether the user already has a notification of this type whose metadata holds all of `metadata`. */
  async hasMatching(
    db: Executor,
    userId: string,
    type: NotificationRow['type'],
    metadata: Record<string, string>,
  ): Promise<boolean> {
    const rows = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, type),
          sql`${notifications.metadata} @> ${JSON.stringify(metadata)}::jsonb`,
        ),
      )
      .limit(1)
    return rows.length > 0
  },

  async byId(db: Executor, id: string): Promise<NotificationRow | null> {
    return (await db.select().from(notifications).where(eq(notifications.id, id)).limit(1))[0] ?? null
  },
  async unreadCount(db: Executor, userId: string): Promise<number> {
    const rows = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    return Number(rows[0]?.n ?? 0)
  },
  async markRead(db: Executor, id: string): Promise<NotificationRow> {
    return (
      await db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).returning()
    )[0]
  },
  async markAllRead(db: Executor, userId: string): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
    return rows.length
  },
  async markMessagesFromRead(db: Executor, userId: string, senderId: string): Promise<string[]> {
    const rows = await db
      .update(notifications)
      .set({ isRead: true })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, 'message'),
          eq(notifications.isRead, false),
          sql`${notifications.metadata}->>'senderId' = ${senderId}`,
        ),
      )
      .returning({ id: notifications.id })
    return rows.map((r) => r.id)
  },
}
