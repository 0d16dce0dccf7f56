import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { HeldJobItem, HeldJobsAnswer, ModerationAnswer } from '@common/schemas/report'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /admin/held-jobs — job posts waiting for an operator, the longest waiting first (ADR 056). */
export const heldJobsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.moderation.heldJobs(),
    queryFn: async ({ signal }): Promise<HeldJobItem[]> =>
      (await api.get<z.infer<typeof HeldJobsAnswer>>('/admin/held-jobs', { signal })).data.jobs,
  })

export const useHeldJobs = () => useQuery(heldJobsQueryOptions())

/** POST /admin/held-jobs/:id/approve (it goes live) or …/reject {reason} (the poster sees the reason). */
export function useDecideHeldJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (v: { id: string; approve: true } | { id: string; approve: false; reason: string }) =>
      (
        await api.post<z.infer<typeof ModerationAnswer>>(
          `/admin/held-jobs/${encodeURIComponent(v.id)}/${v.approve ? 'approve' : 'reject'}`,
          v.approve ? {} : { reason: v.reason },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  })
}
