import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { NotificationItem, NotificationsAnswer } from '@common/schemas/notification'
import { api } from '@/lib/api-client'
import { isCancelled } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'

export type { NotificationItem }
export type NotificationsPage = z.infer<typeof NotificationsAnswer>
export type NotificationsData = InfiniteData<NotificationsPage, string | null>

/**
 * GET /notification → notifications[] newest first, with the unread count (bearer token + cookies, product.md §4).
 */
export async function getNotifications(cursor: string | null, signal?: AbortSignal) {
  try {
    const res = await api.get<NotificationsPage>('/notification', {
      params: cursor ? { cursor } : {},
      signal,
    })
    return res.data
  } catch (e) {
    // A failed notification load is only logged (the drawer offers Retry).
    if (!isCancelled(e)) console.error('Failed to load notifications', e)
    throw e
  }
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.all,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export function useNotifications(enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(), enabled })
}

export const unreadCountOf = (data: { pages: NotificationsPage[] } | undefined) =>
  data?.pages[0]?.unreadCount ?? 0
