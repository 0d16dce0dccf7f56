import type { NotificationRow, UserRow } from '../../db/schema'
import { forbidden } from '../../errors'

export type NotificationAction = 'read' | 'markRead'

/** Only the owner reads or marks a notification. */
export function can(user: UserRow, _action: NotificationAction, n: NotificationRow): boolean {
  return n.userId === user.id
}

export function authorize(user: UserRow, action: NotificationAction, n: NotificationRow): void {
  if (!can(user, action, n)) throw forbidden('This notification belongs to someone else', 'not_owner')
}
