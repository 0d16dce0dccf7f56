import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { UnreadAnswer, UnreadChats } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { withoutReadingNow } from '../lib/reading-now'

export type { UnreadChats }

/** GET /chat/unread: who is waiting for the caller to read them (the Chat item's badge). */
export async function getUnreadChats(signal?: AbortSignal): Promise<UnreadChats> {
  const res = await api.get<z.infer<typeof UnreadAnswer>>('/chat/unread', { signal })
  return res.data.data
}

export const unreadChatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.chat.unread(),
    // The conversation in front of the reader never counts, even in an answer that crossed its newest message.
    queryFn: async ({ signal, client }) => withoutReadingNow(client, await getUnreadChats(signal)),
  })

export function useUnreadChats(enabled = true) {
  return useQuery({ ...unreadChatsQueryOptions(), enabled })
}
