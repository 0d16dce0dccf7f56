import { useCallback, useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { useSocket, useSocketResync } from '@/lib/socket'
import { prependNotification, setRead } from '../lib/cache'

/** Live notifications: each new one is prepended; reads in another tab are mirrored here. */
export function useNotificationSocket() {
  const socket = useSocket()
  const qc = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const onNew = (n: Parameters<typeof prependNotification>[1]) => prependNotification(qc, n)
    const onRead = (e: { ids: string[] | 'all'; unreadCount: number }) => setRead(qc, e.ids, e.unreadCount)
    socket.on('receiveNotification', onNew)
    socket.on('notificationsRead', onRead)
    return () => {
      socket.off('receiveNotification', onNew)
      socket.off('notificationsRead', onRead)
    }
  }, [socket, qc])
  useSocketResync(
    useCallback(() => void qc.invalidateQueries({ queryKey: queryKeys.notifications.all }), [qc]),
  )
}
