import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ChatJobDto, WithJobAnswer } from '@common/schemas/chat'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { ChatJobDto }
export type ChatConversation = z.infer<typeof WithJobAnswer>['data']['conversation']

/** GET /chat/conversations/with-job/:userId → data.conversation.jobs (newest first, product.md §9 Chat selection). */
export async function getConversationWithJobs(userId: string, signal?: AbortSignal) {
  const res = await api.get<z.infer<typeof WithJobAnswer>>(
    `/chat/conversations/with-job/${encodeURIComponent(userId)}`,
    { signal },
  )
  return res.data.data.conversation
}

export const withJobsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.chat.withJobs(userId),
    queryFn: ({ signal }) => getConversationWithJobs(userId, signal),
  })

export function useConversationWithJobs(userId: string) {
  return useQuery(withJobsQueryOptions(userId))
}
