import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { t } from '@/i18n'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PostedJob } from './types'

/** product.md §13: the admin jobs list (the client's posted jobs) is polled every 15 s. */
export const POSTED_JOBS_POLL_MS = 15_000
const PAGE_SIZE = 100

interface PostedJobsPage {
  jobs: PostedJob[]
  nextCursor: string | null
}

/** An answer that arrived but said `success: false` (product.md §15 'Failed to fetch admin jobs'). */
export class PostedJobsUnsuccessful extends Error {}

/** GET /job/getadminjobs → data.jobs (the caller's own jobs, newest first, with applicationCount). */
export async function getPostedJobs(cursor?: string, signal?: AbortSignal): Promise<PostedJobsPage> {
  const res = await api.get<{
    success: boolean
    message?: string
    data?: { jobs: PostedJob[]; nextCursor: string | null }
  }>('/job/getadminjobs', { params: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) }, signal })
  if (!res.data.success || !res.data.data)
    throw new PostedJobsUnsuccessful(res.data.message || t('posting.manage.fetchFailed'))
  return { jobs: res.data.data.jobs ?? [], nextCursor: res.data.data.nextCursor ?? null }
}

export const postedJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.postedJobs.list(),
    queryFn: ({ pageParam, signal }) => getPostedJobs(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: POSTED_JOBS_POLL_MS,
    staleTime: 0,
  })

export function usePostedJobs() {
  return useInfiniteQuery(postedJobsQueryOptions())
}
