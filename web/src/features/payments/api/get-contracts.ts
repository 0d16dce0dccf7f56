import { useQuery } from '@tanstack/react-query'
import type { ContractDtoType } from '@common/schemas/contract'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type Contract = ContractDtoType

/** GET /contracts?jobId= — the viewer's hires on a job (as its client, or as the freelancer hired). */
export async function getJobContracts(jobId: string, signal?: AbortSignal): Promise<Contract[]> {
  const res = await api.get<{ success: true; contracts: Contract[] }>('/contracts', {
    params: { jobId },
    signal,
  })
  return res.data.contracts
}

/**
 * Under the payments key, so every money action's refresh re-reads the hires too; `version` (e.g. who is accepted)
 * re-reads them when a hire is made or ended elsewhere on the page.
 */
export function useJobContracts(jobId: string, version = '') {
  return useQuery({
    queryKey: [...queryKeys.payments.all, 'contracts', jobId, version] as const,
    queryFn: ({ signal }) => getJobContracts(jobId, signal),
    enabled: !!jobId,
  })
}
