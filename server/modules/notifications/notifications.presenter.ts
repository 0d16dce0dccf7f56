import type { NotificationItem } from '@common/schemas/notification'
import type { NotificationRow } from '../../db/schema'

export function presentNotification(n: NotificationRow): NotificationItem {
  return {
    _id: n.id,
    type: n.type,
    message: n.message,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    metadata: n.metadata ?? {},
  }
}

/** An opaque page cursor: the (createdAt, id) of the last row shown. */
export const notificationCursor = (n: NotificationRow) => `${n.createdAt.toISOString()}|${n.id}`
export function parseNotificationCursor(c: string): { createdAt: Date; id: string } {
  const [iso, id] = c.split('|')
  return { createdAt: new Date(iso), id }
}
