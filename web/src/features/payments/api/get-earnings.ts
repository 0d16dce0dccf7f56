import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Earnings } from './types'

/** GET /payments/earnings — what the caller earned as a freelancer and funded as a client. */
export async function getEarnings(signal?: AbortSignal): Promise<Earnings> {
  const res = await api.get<{ success: true; data: Earnings }>('/payments/earnings', { signal })
  return res.data.data
}

export const earningsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.payments.earnings(), queryFn: ({ signal }) => getEarnings(signal) })

export function useEarnings() {
  return useQuery(earningsQueryOptions())
}
