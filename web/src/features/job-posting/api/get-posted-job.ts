import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PostedJob } from './types'

/** GET /job/:id — one job (its creator sees drafts too). */
export async function getPostedJob(id: string, signal?: AbortSignal): Promise<PostedJob> {
  const res = await api.get<{ success: boolean; job: PostedJob }>(`/job/${encodeURIComponent(id)}`, {
    signal,
  })
  return res.data.job
}

export const postedJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.postedJobs.detail(id),
    queryFn: ({ signal }) => getPostedJob(id, signal),
    // The edit form starts from what is stored now, not from a copy cached earlier.
    staleTime: 0,
  })

export function usePostedJob(id: string) {
  return useQuery(postedJobQueryOptions(id))
}
