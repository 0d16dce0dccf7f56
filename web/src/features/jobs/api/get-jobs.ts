import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { JobDtoType, JobsAnswer } from '@common/schemas/job-answer'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { takeFirstAnswer } from '@/lib/first-answer'
import { queryKeys } from '@/lib/query-keys'
import { apiParams, firstPagePath, type JobFilters } from '../lib/filters'

export type Job = JobDtoType
export type JobsPage = z.infer<typeof JobsAnswer>['data']
export type JobsData = InfiniteData<JobsPage, string | null>

/** GET /job/get → data.jobs and the keyset cursor of the next page. */
export async function getJobs(filters: JobFilters, cursor: string | null, signal?: AbortSignal) {
  const res = await api.get<z.infer<typeof JobsAnswer>>('/job/get', {
    params: { ...apiParams(filters), ...(cursor ? { cursor } : {}) },
    signal,
  })
  return res.data.data
}

export const jobsQueryOptions = (viewerId: string | null, filters: JobFilters) =>
  infiniteQueryOptions({
    // Keys include the viewer: relevance ranks by their skills and `hasApplied` is theirs.
    queryKey: queryKeys.jobs.list(viewerId, filters),
    queryFn: ({ pageParam, signal }) => getJobs(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

/** The job browser's and Explore's list: pages follow the cursor (infinite scroll). */
export function useInfiniteJobs(filters: JobFilters) {
  const { user } = useAuth()
  const viewerId = user?._id ?? null
  return useInfiniteQuery({
    ...jobsQueryOptions(viewerId, filters),
    // A visitor's `/` may arrive with the first page inside it: the list shows without another round trip.
    initialData: () => {
      const answer = takeFirstAnswer<z.infer<typeof JobsAnswer>>(firstPagePath(filters), viewerId)
      return answer ? { pages: [answer.data], pageParams: [null] } : undefined
    },
  })
}
