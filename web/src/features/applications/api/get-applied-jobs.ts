import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { httpStatus } from '@/lib/errors'

/** An application as the Applied Jobs table reads it (spec §3 Application, with its job). */
export interface AppliedJob {
  _id: string
  status: string
  createdAt: string
  job?: {
    _id: string
    title: string
    company?: { name?: string } | null
    created_by?: { _id?: string; userId?: string; fullname?: string } | null
  } | null
}

/** GET /application/student/applications → data.applications. */
export async function getAppliedJobs(): Promise<AppliedJob[]> {
  try {
    const res = await api.get<{ success: boolean; data: { applications: AppliedJob[] } }>(
      '/application/student/applications',
    )
    return res.data.data?.applications ?? []
  } catch (error) {
    // The applications API lands with a later issue; until the route exists there is nothing applied to.
    if (httpStatus(error) === 404) return []
    throw error
  }
}

export const appliedJobsQueryOptions = () =>
  queryOptions({ queryKey: ['applications', 'mine'], queryFn: getAppliedJobs })

export function useAppliedJobs(enabled = true) {
  return useQuery({ ...appliedJobsQueryOptions(), enabled })
}
