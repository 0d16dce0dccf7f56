import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SearchAnswer } from '@common/schemas/search'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { queryKeys } from '@/lib/query-keys'

export type SearchPage = z.infer<typeof SearchAnswer>['data']
export type SearchData = InfiniteData<SearchPage, string | null>

/** GET /search?q= → data.jobs (ranked, with highlight ranges), data.users (first page only), data.posts. */
export async function search(q: string, cursor: string | null, signal?: AbortSignal): Promise<SearchPage> {
  const res = await api.get<z.infer<typeof SearchAnswer>>('/search', {
    params: { q, ...(cursor ? { cursor } : {}) },
    signal,
  })
  return res.data.data
}

export const searchQueryOptions = (viewerId: string | null, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search.results(viewerId, q),
    queryFn: ({ pageParam, signal }) => search(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

/** /search results; nothing is asked for an empty query. */
export function useSearch(q: string) {
  const { user } = useAuth()
  return useInfiniteQuery({ ...searchQueryOptions(user?._id ?? null, q), enabled: !!q })
}
