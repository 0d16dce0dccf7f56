import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReconciliationRunAnswerDto } from '@common/schemas/operator-money'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** POST /admin/reconciliation/run — runs every check now; the page then reads the new run. */
export function useRunReconciliation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (await api.post<ReconciliationRunAnswerDto>('/admin/reconciliation/run', {})).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.operatorMoney() }),
  })
}
