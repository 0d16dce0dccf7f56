import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { jobPostingAreaKeys, queryKeys } from '@/lib/query-keys'
import type { EscrowSummary } from './types'

type Answer = { success: true; message: string; data?: EscrowSummary }
const enc = encodeURIComponent

/** After any money or job change, the job, lists and escrow views all re-read. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [queryKeys.payments.all, queryKeys.jobs.all, ...jobPostingAreaKeys].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

type WithKey<T> = T & { idempotencyKey: string }

export function useReleasePayment() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({
      jobId,
      contractId,
      units,
      idempotencyKey,
    }: WithKey<{ jobId: string; contractId?: string; units?: number }>) =>
      (
        await api.post<Answer>(
          '/payments/release',
          { jobId, contractId, units },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      ).data,
    onSettled: refresh,
  })
}

export function useRefundPayment() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({
      jobId,
      contractId,
      idempotencyKey,
    }: WithKey<{ jobId: string; contractId?: string }>) =>
      (
        await api.post<Answer>(
          '/payments/refund',
          { jobId, contractId },
          { headers: { 'Idempotency-Key': idempotencyKey } },
        )
      ).data,
    onSettled: refresh,
  })
}

export function useSubmitWork() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ jobId, message }: { jobId: string; message: string }) =>
      (await api.post<Answer>(`/job/${enc(jobId)}/submit-work`, { message })).data,
    onSuccess: refresh,
  })
}

export function useRequestPayment() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async ({ jobId, message, units }: { jobId: string; message: string; units?: number }) =>
      (await api.post<Answer>(`/job/${enc(jobId)}/request-payment`, { message, units })).data,
    onSuccess: refresh,
  })
}

export function useArchiveJob() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (jobId: string) =>
      (await api.post<Answer>(`/job/${enc(jobId)}/status`, { action: 'archive' })).data,
    onSuccess: refresh,
  })
}

/** The one delete-job mutation, shared with the manage list. */
export { useDeleteJob } from '@/lib/delete-job'

/** Re-reads escrow and job data (after a checkout). */
export { useRefresh as useRefreshPayments }
