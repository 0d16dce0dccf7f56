import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { markConversationRead } from '../lib/cache'

/** POST /chat/read/:userId: everything that person sent me is read (they see a read receipt). */
export async function markRead(userId: string) {
  const res = await api.post<{ success: true; data: { read: number; readAt: string } }>(
    `/chat/read/${encodeURIComponent(userId)}`,
  )
  return res.data.data
}

export function useMarkRead(meId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: (r, userId) => {
      if (r.read) markConversationRead(qc, { readerId: meId, senderId: userId, readAt: r.readAt }, meId)
      // Reading a conversation also reads the message notifications it raised.
      void qc.invalidateQueries({ queryKey: queryKeys.notifications.all })
    },
  })
}
