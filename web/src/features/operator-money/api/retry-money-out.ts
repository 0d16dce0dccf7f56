import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MoneyOutDto } from '@common/schemas/operator-money'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** The retry routes' answer: a sentence, and the refund or transfer in its state now. */
export interface RetryAnswer {
  success: true
  message?: string
  refund?: { status: string }
  transfer?: { status: string }
}

/** POST /refunds/:id/retry or /transfers/:id/retry — sends a failed refund or transfer to the provider again. */
export function useRetryMoneyOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (item: Pick<MoneyOutDto, '_id' | 'type'>) =>
      (
        await api.post<RetryAnswer>(
          `/${item.type === 'refund' ? 'refunds' : 'transfers'}/${encodeURIComponent(item._id)}/retry`,
          {},
        )
      ).data,
    // Whatever happened (sent, already done, gone), the lists are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operatorMoney() }),
  })
}
