import type { Executor } from '../../db/client'
import type { NotificationRow } from '../../db/schema'
import { notificationsRepo } from './notifications.repo'

export type NotificationType = NotificationRow['type']

/**
 * Notification rows. Callers record them inside their own transaction, so a notification exists exactly when the
 * change it tells of does; real-time delivery arrives with the notifications issue.
 */
export const notificationsService = {
  async record(
    tx: Executor,
    n: { userId: string; type: NotificationType; message: string; metadata?: Record<string, string> },
  ): Promise<NotificationRow> {
    return notificationsRepo.insert(tx, { ...n, metadata: n.metadata ?? {} })
  },
  async ofUser(db: Executor, userId: string): Promise<NotificationRow[]> {
    return notificationsRepo.ofUser(db, userId)
  },
}
