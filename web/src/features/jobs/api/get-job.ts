import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { JobAnswer } from '@common/schemas/job-answer'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { takeFirstAnswer } from '@/lib/first-answer'
import { queryKeys } from '@/lib/query-keys'
import type { Job } from './get-jobs'

/** GET /job/:id (the server counts one view per viewer per day). */
export async function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  const res = await api.get<z.infer<typeof JobAnswer>>(`/job/${encodeURIComponent(id)}`, { signal })
  return res.data.job
}

export const jobQueryOptions = (viewerId: string | null, id: string) =>
  queryOptions({ queryKey: queryKeys.jobs.detail(viewerId, id), queryFn: ({ signal }) => getJob(id, signal) })

/** One job for /description/:id, or for the browser's panel when the linked job is not in the list. */
export function useJob(id: string, enabled = true) {
  const { user } = useAuth()
  return useQuery({
    ...jobQueryOptions(user?._id ?? null, id),
    enabled: enabled && !!id,
    // A visitor's page may arrive with this job's answer inside it: one round trip fewer.
    initialData: () =>
      takeFirstAnswer<z.infer<typeof JobAnswer>>(`/job/${encodeURIComponent(id)}`, user?._id ?? null)?.job,
  })
}
