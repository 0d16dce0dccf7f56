import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { api } from './api-client'
import { jobPostingAreaKeys, queryKeys } from './query-keys'

/** DELETE /job/:id — refused by the server while money is in escrow (its message says so). */
export async function deleteJob(id: string) {
  const res = await api.delete<{ success: boolean; message: string }>(`/job/${encodeURIComponent(id)}`)
  return res.data
}

/**
 * Deletes one of the caller's jobs, from the manage list or from the job's payment menu. The row leaves the cached
 * list at once, the job's own caches are dropped, and the rest of the job-posting area re-reads.
 */
export function useDeleteJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<InfiniteData<{ jobs: { _id: string }[] }>>(queryKeys.postedJobs.list(), (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, jobs: p.jobs.filter((j) => j._id !== id) })) } : d,
      )
      queryClient.removeQueries({ queryKey: queryKeys.postedJobs.detail(id) })
      queryClient.removeQueries({ queryKey: queryKeys.payments.job(id) })
      for (const queryKey of jobPostingAreaKeys) void queryClient.invalidateQueries({ queryKey })
    },
  })
}
