import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { JobAction } from '@common/schemas/job'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PostedJob } from './types'

type Pages = InfiniteData<{ jobs: PostedJob[]; nextCursor: string | null }>

/** Replaces one job in the cached manage list, so a row changes the moment the server agrees. */
export function replaceInList(data: Pages | undefined, job: PostedJob): Pages | undefined {
  if (!data) return data
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, jobs: p.jobs.map((j) => (j._id === job._id ? job : j)) })),
  }
}

/** POST /job/:id/status {action} — publish, close, reopen, archive, unarchive… → success, message, job. */
export async function changeJobStatus({ id, action }: { id: string; action: JobAction }) {
  const res = await api.post<{ success: boolean; message: string; job: PostedJob }>(
    `/job/${encodeURIComponent(id)}/status`,
    { action },
  )
  return res.data
}

export function useChangeJobStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeJobStatus,
    onSuccess: (answer) => {
      if (!answer.job) return
      queryClient.setQueryData<Pages>(queryKeys.postedJobs.list(), (d) => replaceInList(d, answer.job))
      queryClient.setQueryData(queryKeys.postedJobs.detail(answer.job._id), answer.job)
    },
  })
}
