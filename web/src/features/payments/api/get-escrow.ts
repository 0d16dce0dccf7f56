import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { EscrowSummary } from './types'

/** GET /payments/job/:jobId — the creator's and the hired freelancer's view of a job's escrow. */
export async function getEscrow(jobId: string, signal?: AbortSignal): Promise<EscrowSummary> {
  const res = await api.get<{ success: true; data: EscrowSummary }>(
    `/payments/job/${encodeURIComponent(jobId)}`,
    { signal },
  )
  return res.data.data
}

export const escrowQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.job(jobId),
    queryFn: ({ signal }) => getEscrow(jobId, signal),
    // 403 means "not a party to this job": an answer, not a failure to retry.
    retry: (count, error: any) => error?.response?.status !== 403 && count < 2,
  })

export function useEscrow(jobId: string, enabled = true) {
  return useQuery({ ...escrowQueryOptions(jobId), enabled: enabled && !!jobId })
}
