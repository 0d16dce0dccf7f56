import { NOTIFICATIONS_PAGE } from '@common/schemas/notification'
import type { Db, Executor } from '../../db/client'
import type { NotificationRow, UserRow } from '../../db/schema'
import { DEFAULT_LANGUAGE } from '@common/languages'
import { notFound } from '../../errors'
import { keyOf, translate, type Params } from '../../i18n'
import { publishAfterCommit } from '../../realtime/bus'
import { authorize } from './notifications.policy'
import { notificationCursor, parseNotificationCursor, presentNotification } from './notifications.presenter'
import { notificationsRepo } from './notifications.repo'

export type NotificationType = NotificationRow['type']

/**
 * Notification rows. Callers record them inside their own transaction, so a notification exists exactly when the
 * change it tells of does; `record` also registers its real-time delivery for after the commit (ADR 010), so every
 * caller gets `receiveNotification` without doing anything more.
 */
export const notificationsService = {
  /**
   * `key` and `params` name the message in the server catalogue (ADR 069); the English `message` is rendered from
   * them. A caller that passes only an English `message` gets its key read back from the catalogue when it has one.
   */
  async record(
    tx: Executor,
    n: { userId: string; type: NotificationType; metadata?: Record<string, string> } & (
      | { message: string; key?: undefined; params?: undefined }
      | { key: string; params: Params; message?: undefined }
    ),
  ): Promise<NotificationRow> {
    const keyed =
      n.key !== undefined ? { key: n.key, params: n.params } : keyOf(n.message, ['notifications.'])
    const params = keyed
      ? Object.fromEntries(
          Object.entries(keyed.params).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
        )
      : null
    // The insert answers with the recipient's language too: the push costs no extra round trip (ADR 078).
    const { row, language } = await notificationsRepo.insert(tx, {
      userId: n.userId,
      type: n.type,
      message: n.message ?? translate(DEFAULT_LANGUAGE, keyed!.key, keyed!.params),
      messageKey: keyed?.key ?? null,
      messageParams: params,
      metadata: n.metadata ?? {},
    })
    // Pushed live in the recipient's own language.
    publishAfterCommit(tx, 'receiveNotification', {
      userId: row.userId,
      notification: presentNotification(row, language),
    })
    return row
  },

  /** Whether the user was already told of this (a notification of `type` with this metadata, read or not). */
  async exists(
    db: Executor,
    n: { userId: string; type: NotificationType; metadata: Record<string, string> },
  ): Promise<boolean> {
    return notificationsRepo.hasMatching(db, n.userId, n.type, n.metadata)
  },

  async ofUser(db: Executor, userId: string): Promise<NotificationRow[]> {
    return notificationsRepo.ofUser(db, userId)
  },

  /** A page of the user's notifications, newest first, with the unread count for the bell. */
  async list(db: Db, user: UserRow, opts: { cursor?: string; limit?: number }) {
    const limit = opts.limit ?? NOTIFICATIONS_PAGE
    const { rows, unreadCount } = opts.cursor
      ? {
          rows: await notificationsRepo.ofUser(db, user.id, limit + 1, parseNotificationCursor(opts.cursor)),
          unreadCount: await notificationsRepo.unreadCount(db, user.id),
        }
      : await notificationsRepo.firstPageAndUnread(db, user.id, limit + 1)
    const page = rows.slice(0, limit)
    return {
      notifications: page,
      nextCursor: rows.length > limit ? notificationCursor(page[page.length - 1]) : null,
      unreadCount,
    }
  },

  async markRead(db: Db, user: UserRow, id: string) {
    return db.transaction(async (tx) => {
      const n = await notificationsRepo.byId(tx, id)
      if (!n) throw notFound('Notification not found', 'notification_not_found')
      authorize(user, 'markRead', n)
      const row = n.isRead ? n : await notificationsRepo.markRead(tx, id)
      const unreadCount = await notificationsRepo.unreadCount(tx, user.id)
      if (!n.isRead) publishAfterCommit(tx, 'notificationsRead', { userId: user.id, ids: [id], unreadCount })
      return { notification: row, unreadCount }
    })
  },

  async markAllRead(db: Db, user: UserRow): Promise<number> {
    return db.transaction(async (tx) => {
      const changed = await notificationsRepo.markAllRead(tx, user.id)
      if (changed)
        publishAfterCommit(tx, 'notificationsRead', { userId: user.id, ids: 'all', unreadCount: 0 })
      return changed
    })
  },

  /** Reading a conversation also reads the message notifications it raised. */
  async readMessagesFrom(tx: Executor, userId: string, senderId: string): Promise<void> {
    const ids = await notificationsRepo.markMessagesFromRead(tx, userId, senderId)
    if (ids.length) {
      const unreadCount = await notificationsRepo.unreadCount(tx, userId)
      publishAfterCommit(tx, 'notificationsRead', { userId, ids, unreadCount })
    }
  },
}
