import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { MyApplicationDto, MyApplicationsAnswer } from '@common/schemas/application'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** An application as the Applied Jobs table reads it (product.md §7 Application, with its job). */
export type AppliedJob = z.infer<typeof MyApplicationDto>

/** GET /application/student/applications → data.applications (newest first). */
export async function getAppliedJobs(signal?: AbortSignal): Promise<AppliedJob[]> {
  const res = await api.get<z.infer<typeof MyApplicationsAnswer>>('/application/student/applications', {
    signal,
  })
  return res.data.data?.applications ?? []
}

export const appliedJobsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.applications.mine(), queryFn: ({ signal }) => getAppliedJobs(signal) })

export function useAppliedJobs(enabled = true) {
  return useQuery({ ...appliedJobsQueryOptions(), enabled })
}
