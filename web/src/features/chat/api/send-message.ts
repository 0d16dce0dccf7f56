import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SendAnswer } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { addMessage } from '../lib/cache'

/** POST /chat/send {receiver, content, jobId?} → data.message; the message goes into the cache at once. */
export async function sendMessage(body: { receiver: string; content: string; jobId?: string }) {
  const res = await api.post<z.infer<typeof SendAnswer>>('/chat/send', body)
  return res.data.data.message
}

export function useSendMessage(meId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => addMessage(qc, message, meId),
  })
}
