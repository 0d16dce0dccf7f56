import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { UnreadAnswer, UnreadChats } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { UnreadChats }

/** GET /chat/unread: who is waiting for the caller to read them (the Chat item's badge). */
export async function getUnreadChats(signal?: AbortSignal): Promise<UnreadChats> {
  const res = await api.get<z.infer<typeof UnreadAnswer>>('/chat/unread', { signal })
  return res.data.data
}

export const unreadChatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.chat.unread(), queryFn: ({ signal }) => getUnreadChats(signal) })

export function useUnreadChats(enabled = true) {
  return useQuery({ ...unreadChatsQueryOptions(), enabled })
}
