import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ConversationItem, ConversationsAnswer } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { authStore } from '@/lib/auth-store'
import { takeFirstAnswer } from '@/lib/first-answer'
import { queryKeys } from '@/lib/query-keys'
import { listWithoutReadingNow } from '../lib/cache'

export type { ConversationItem }

/** GET /chat/conversations → data.conversations (product.md §14). */
export async function getConversations(signal?: AbortSignal): Promise<ConversationItem[]> {
  const res = await api.get<z.infer<typeof ConversationsAnswer>>('/chat/conversations', { signal })
  return res.data.data.conversations
}

export const conversationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.chat.conversations(),
    // The conversation in front of the reader has nothing unread, even in an answer that crossed its newest message.
    queryFn: async ({ signal, client }) => listWithoutReadingNow(client, await getConversations(signal)),
  })

export function useConversations(enabled = true) {
  return useQuery({
    ...conversationsQueryOptions(),
    enabled,
    // The messages page arrives with its reader's list inside it: one round trip fewer.
    initialData: () =>
      takeFirstAnswer<z.infer<typeof ConversationsAnswer>>(
        '/chat/conversations',
        authStore.getState().user?._id ?? null,
      )?.data.conversations,
  })
}
