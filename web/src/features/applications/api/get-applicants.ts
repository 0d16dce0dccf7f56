import { queryOptions, useQuery } from '@tanstack/react-query'
import { t } from '@/i18n'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Applicant } from './types'

export interface ApplicantsData {
  job: { _id: string; title: string }
  applications: Applicant[]
}

/** GET /application/jobs/:id/applicants → data.applications (the job's creator only). */
export async function getApplicants(jobId: string, signal?: AbortSignal): Promise<ApplicantsData> {
  const res = await api.get<{ success: boolean; message?: string; data?: ApplicantsData }>(
    `/application/jobs/${encodeURIComponent(jobId)}/applicants`,
    { signal },
  )
  if (!res.data.success || !res.data.data)
    throw new Error(res.data.message || t('jobs.applicants.loadFailed'))
  return res.data.data
}

export const applicantsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.applications.applicants(jobId),
    queryFn: ({ signal }) => getApplicants(jobId, signal),
    // New applications arrive at any time: each visit asks again (showing the cached table meanwhile).
    staleTime: 0,
  })

export function useApplicants(jobId: string) {
  return useQuery(applicantsQueryOptions(jobId))
}
