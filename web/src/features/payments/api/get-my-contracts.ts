import { useQueries, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { contractQueryOptions } from './get-contract'
import type { Contract } from './get-contracts'

/** GET /contracts — every hire of the caller, as client or as freelancer. */
export async function getMyContracts(signal?: AbortSignal): Promise<Contract[]> {
  const res = await api.get<{ success: true; contracts: Contract[] }>('/contracts', { signal })
  return res.data.contracts
}

export function useMyContracts() {
  return useQuery({
    queryKey: queryKeys.payments.contracts(),
    queryFn: ({ signal }) => getMyContracts(signal),
  })
}

/** Each contract's own answer (its refunds and releases), asked side by side. */
export function useContractDetails(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => contractQueryOptions(id)) })
}
