import { useCallback, useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { useSocket, useSocketResync } from '@/lib/socket'
import { addMessage, markConversationRead } from '../lib/cache'

/** Live chat: messages, read receipts and typing go straight into the query cache (ADR 046). */
export function useChatSocket(meId: string | null) {
  const socket = useSocket()
  const qc = useQueryClient()
  useEffect(() => {
    if (!socket || !meId) return
    const onMessage = (m: Parameters<typeof addMessage>[1]) => {
      addMessage(qc, m, meId)
      if (m.sender._id !== meId) qc.setQueryData(queryKeys.chat.typing(m.sender._id), false)
    }
    const onRead = (e: { readerId: string; senderId: string; readAt: string }) =>
      markConversationRead(qc, e, meId)
    const onTyping = (e: { from: string; isTyping: boolean }) =>
      qc.setQueryData(queryKeys.chat.typing(e.from), e.isTyping)
    socket.on('receiveMessage', onMessage)
    socket.on('messagesRead', onRead)
    socket.on('typing', onTyping)
    return () => {
      socket.off('receiveMessage', onMessage)
      socket.off('messagesRead', onRead)
      socket.off('typing', onTyping)
    }
  }, [socket, qc, meId])
  useSocketResync(useCallback(() => void qc.invalidateQueries({ queryKey: queryKeys.chat.all }), [qc]))
}
