import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ContractDtoType, DeliveryAnswer } from '@common/schemas/contract'
import type { UploadAnswer } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

type Answer = z.infer<typeof DeliveryAnswer>
const enc = encodeURIComponent

/** GET /contracts/:id — the contract with its escrow, review window, counts and timeline. */
async function getContract(contractId: string, signal?: AbortSignal): Promise<ContractDtoType> {
  const res = await api.get<{ success: true; contract: ContractDtoType }>(`/contracts/${enc(contractId)}`, {
    signal,
  })
  return res.data.contract
}

/**
 * The contract (the same cache entry the money views read). While a window is open the money may be released on
 * its own by the server's sweep, and refunds or payouts move on their own: the page looks again every 15 s.
 */
export function useDeliveryContract(contractId: string) {
  return useQuery({
    queryKey: queryKeys.payments.contract(contractId),
    queryFn: ({ signal }) => getContract(contractId, signal),
    enabled: !!contractId,
    refetchInterval: (q) => (q.state.data?.reviewDueAt ? 15_000 : false),
  })
}

/** POST /uploads with one file (the posts' upload pipeline: photos and videos); its server URL. */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData()
  form.append('files', file, file.name)
  const res = await api.post<z.infer<typeof UploadAnswer>>('/uploads', form)
  return res.data.media[0].url
}

/** After a delivery change the contract and every money view re-read. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.payments.all })
}

/** POST /contracts/:id/submit: the freelancer hands in work (message, uploaded files, units). */
export function useSubmitDelivery(contractId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (body: { message: string; units?: number; attachments?: string[] }) =>
      (await api.post<Answer>(`/contracts/${enc(contractId)}/submit`, body)).data,
    onSettled: refresh,
  })
}

/** POST /contracts/:id/request-changes: the client sends the work back with a reason. */
export function useRequestChanges(contractId: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: async (reason: string) =>
      (await api.post<Answer>(`/contracts/${enc(contractId)}/request-changes`, { reason })).data,
    onSettled: refresh,
  })
}
