import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { NotificationItem, NotificationsData } from '../api/get-notifications'

/** product.md §11 "Real-time notification": a new one is prepended (once) and the unread count rises. */
export function prependNotification(qc: QueryClient, n: NotificationItem): void {
  qc.setQueryData<NotificationsData>(queryKeys.notifications.all, (data) => {
    if (!data) return data
    if (data.pages.some((p) => p.notifications.some((x) => x._id === n._id))) return data
    const [first, ...rest] = data.pages
    return {
      ...data,
      pages: [
        {
          ...first,
          notifications: [n, ...first.notifications],
          unreadCount: first.unreadCount + (n.isRead ? 0 : 1),
        },
        ...rest,
      ],
    }
  })
}

/** Some notifications (`ids`) or all of them read, with the server's unread count. */
export function setRead(qc: QueryClient, ids: string[] | 'all', unreadCount: number): void {
  qc.setQueryData<NotificationsData>(queryKeys.notifications.all, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p, i) => ({
            ...p,
            unreadCount: i === 0 ? unreadCount : p.unreadCount,
            notifications: p.notifications.map((n) =>
              ids === 'all' || ids.includes(n._id) ? { ...n, isRead: true } : n,
            ),
          })),
        }
      : data,
  )
}
