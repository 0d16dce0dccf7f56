import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { setRead } from '../lib/cache'

/** PATCH /notification/:id/read. Failures are only logged, and the call rethrows. */
export async function markNotificationRead(id: string) {
  try {
    const res = await api.patch<{ success: true; unreadCount: number }>(
      `/notification/${encodeURIComponent(id)}/read`,
    )
    return res.data
  } catch (e) {
    console.error('Failed to mark the notification as read', e)
    throw e
  }
}

/** PATCH /notification/read-all. Failures are only logged, and the call rethrows. */
export async function markAllNotificationsRead() {
  try {
    await api.patch('/notification/read-all')
  } catch (e) {
    console.error('Failed to mark all notifications as read', e)
    throw e
  }
}

export function useMarkNotificationRead() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (r, id) => setRead(qc, [id], r.unreadCount),
  })
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => setRead(qc, 'all', 0),
  })
}
