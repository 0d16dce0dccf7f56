import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { DisputeDtoType, DisputeQueueAnswer, OperatorDisputeAnswerType } from '@common/schemas/dispute'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type QueueStatus = 'open' | 'resolved' | 'settled' | 'all'

/** GET /disputes?status= — the operators' queue, open first, oldest first. */
export const disputeQueueQueryOptions = (status: QueueStatus) =>
  queryOptions({
    queryKey: queryKeys.disputes.queue(status),
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof DisputeQueueAnswer>>('/disputes', { params: { status }, signal })).data
        .disputes,
  })
export const useDisputeQueue = (status: QueueStatus) => useQuery(disputeQueueQueryOptions(status))

/** GET /disputes/:id/operator — both statements, the chat (each read is audited), the timeline, the escrow. */
export const operatorDisputeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.disputes.operator(id),
    queryFn: async ({ signal }) =>
      (await api.get<OperatorDisputeAnswerType>(`/disputes/${encodeURIComponent(id)}/operator`, { signal }))
        .data,
    // The chat read is logged each time: read it once per visit, not on every focus.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
export const useOperatorDispute = (id: string | null) =>
  useQuery({ ...operatorDisputeQueryOptions(id ?? ''), enabled: !!id })

/** POST /disputes/:id/resolve — the operator's split; the queue and the view are read again. */
export function useResolveDispute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (v: { id: string; releaseAmount: number; refundAmount: number; note: string }) =>
      (
        await api.post<{ success: true; message: string; dispute: DisputeDtoType }>(
          `/disputes/${encodeURIComponent(v.id)}/resolve`,
          { releaseAmount: v.releaseAmount, refundAmount: v.refundAmount, note: v.note },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.disputes.all }),
  })
}

/** POST /disputes/:id/notes — a note kept in the audit log. */
export function useDisputeNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (v: { id: string; note: string }) =>
      (await api.post(`/disputes/${encodeURIComponent(v.id)}/notes`, { note: v.note })).data,
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: queryKeys.disputes.operator(v.id) }),
  })
}
