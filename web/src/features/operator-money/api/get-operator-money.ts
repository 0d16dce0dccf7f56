import { queryOptions, useQuery } from '@tanstack/react-query'
import type { OperatorMoneyDto } from '@common/schemas/operator-money'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /admin/money — the latest reconciliation, its mismatches, and failed or stuck money out (operators). */
export async function getOperatorMoney(signal?: AbortSignal): Promise<OperatorMoneyDto> {
  return (await api.get<OperatorMoneyDto>('/admin/money', { signal })).data
}

export const operatorMoneyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.operatorMoney(),
    queryFn: ({ signal }) => getOperatorMoney(signal),
  })

export function useOperatorMoney() {
  return useQuery(operatorMoneyQueryOptions())
}
