import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PostedJob } from './types'

/** The body of POST /job/post and PUT /job/:id as the form sends it (validated again by the server). */
export type JobPayload = Record<string, unknown>

interface JobAnswer {
  success: boolean
  message?: string
  job: PostedJob
}

/** POST /job/post {title, description, paymentType, …, total} → success, message, job. */
export async function createJob(body: JobPayload): Promise<JobAnswer> {
  const res = await api.post<JobAnswer>('/job/post', body)
  return res.data
}

/** PUT /job/:id with the same body → success, message, job. */
export async function updateJob({ id, body }: { id: string; body: JobPayload }): Promise<JobAnswer> {
  const res = await api.put<JobAnswer>(`/job/${encodeURIComponent(id)}`, body)
  return res.data
}

export function useCreateJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.postedJobs.list() }),
  })
}

export function useUpdateJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (answer) => {
      if (answer.job) queryClient.setQueryData(queryKeys.postedJobs.detail(answer.job._id), answer.job)
      return queryClient.invalidateQueries({ queryKey: queryKeys.postedJobs.list() })
    },
  })
}
