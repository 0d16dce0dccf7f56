import type { NotificationItem } from '@common/schemas/notification'
import { DEFAULT_LANGUAGE, type Language } from '@common/languages'
import type { NotificationRow } from '../../db/schema'
import { localize, translate } from '../../i18n'

/**
 * A notification as its recipient reads it. The row keeps the English text it was written with; it is rendered in
 * the reader's language when read or pushed (ADR 069), so a change of language re-renders old notifications too: by
 * its stored key and arguments, else (rows from before 0024, the chat's own row) read back from the English.
 */
export function presentNotification(
  n: NotificationRow,
  language: Language = DEFAULT_LANGUAGE,
): NotificationItem {
  return {
    _id: n.id,
    type: n.type,
    message:
      language === DEFAULT_LANGUAGE
        ? n.message
        : n.messageKey
          ? translate(language, n.messageKey, n.messageParams ?? {})
          : localize(language, n.message, ['notifications.']),
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
