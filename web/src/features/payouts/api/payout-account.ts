import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PayoutAccountInput, PayoutAccountView } from '@common/schemas/payout'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

type Answer = { success: true; account: PayoutAccountView | null }

/** GET /payouts/account — the caller's payout details, masked; null before any are saved. */
export async function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccountView | null> {
  return (await api.get<Answer>('/payouts/account', { signal })).data.account
}

/** While the provider reviews the account its state changes on its own: look again every 1.5 s until it settles. */
const pending = (a: PayoutAccountView | null | undefined) =>
  a?.status === 'created' || a?.status === 'under_review'

export const payoutAccountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payouts.account(),
    queryFn: ({ signal }) => getPayoutAccount(signal),
    refetchInterval: (q) => (pending(q.state.data) ? 1500 : false),
  })

export function usePayoutAccount() {
  return useQuery(payoutAccountQueryOptions())
}

/** PUT /payouts/account — saves new details; the answer is the masked account, put straight in the cache. */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: PayoutAccountInput) =>
      (await api.put<{ success: true; account: PayoutAccountView }>('/payouts/account', body)).data.account,
    onSuccess: (account) => queryClient.setQueryData(queryKeys.payouts.account(), account),
  })
}
