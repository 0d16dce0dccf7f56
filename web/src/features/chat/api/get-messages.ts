import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ChatMessage, MessagesAnswer } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { ChatMessage }
export type MessagesPage = z.infer<typeof MessagesAnswer>['data']
export type MessagesData = InfiniteData<MessagesPage, string | null>

/** GET /chat/messages/:userId — the newest page first; `before` pages back through history. */
export async function getMessages(userId: string, before: string | null, signal?: AbortSignal) {
  const res = await api.get<z.infer<typeof MessagesAnswer>>(`/chat/messages/${encodeURIComponent(userId)}`, {
    params: before ? { before } : {},
    signal,
  })
  return res.data.data
}

export const messagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chat.messages(userId),
    queryFn: ({ pageParam, signal }) => getMessages(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export function useMessages(userId: string) {
  return useInfiniteQuery(messagesQueryOptions(userId))
}

/** Every loaded message, oldest first (pages arrive newest first, each page oldest→newest). */
export function flattenMessages(data: { pages: MessagesPage[] } | undefined): ChatMessage[] {
  if (!data) return []
  return [...data.pages].reverse().flatMap((p) => p.messages)
}
