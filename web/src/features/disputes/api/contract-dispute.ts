import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ContractDisputeAnswerType, DisputeDtoType } from '@common/schemas/dispute'
import type { UploadAnswer } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /contracts/:id/dispute — the contract's open (else latest) dispute, the reader's side and what is in escrow. */
export async function getContractDispute(contractId: string, signal?: AbortSignal) {
  return (
    await api.get<ContractDisputeAnswerType>(`/contracts/${encodeURIComponent(contractId)}/dispute`, {
      signal,
    })
  ).data
}

export const contractDisputeQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: queryKeys.disputes.ofContract(contractId),
    queryFn: ({ signal }) => getContractDispute(contractId, signal),
  })

export function useContractDispute(contractId: string) {
  return useQuery({ ...contractDisputeQueryOptions(contractId), enabled: !!contractId })
}

/** POST /uploads with one file: its server URL (evidence is kept as the upload pipeline's URLs). */
export async function uploadEvidence(file: File): Promise<string> {
  const form = new FormData()
  form.append('files', file, file.name)
  const res = await api.post<z.infer<typeof UploadAnswer>>('/uploads', form)
  return res.data.media[0].url
}

type Answer = { success: true; message?: string; dispute: DisputeDtoType }

/** Every dispute change re-reads the contract's dispute and its escrow (a settlement moves money). */
function useDisputeMutation<V>(contractId: string, call: (v: V) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.disputes.ofContract(contractId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.payments.contract(contractId) }),
      ])
    },
  })
}

export const useOpenDispute = (contractId: string) =>
  useDisputeMutation(
    contractId,
    async (body: { reason: string; evidence?: string; attachments?: string[] }) =>
      (await api.post<Answer>(`/contracts/${encodeURIComponent(contractId)}/dispute`, body)).data,
  )

export const useAnswerDispute = (contractId: string) =>
  useDisputeMutation(
    contractId,
    async (v: { id: string; answer: string; attachments?: string[] }) =>
      (
        await api.post<Answer>(`/disputes/${encodeURIComponent(v.id)}/answer`, {
          answer: v.answer,
          attachments: v.attachments,
        })
      ).data,
  )

export const useProposeSplit = (contractId: string) =>
  useDisputeMutation(
    contractId,
    async (v: { id: string; releaseAmount: number; refundAmount: number }) =>
      (
        await api.post<Answer>(`/disputes/${encodeURIComponent(v.id)}/proposals`, {
          releaseAmount: v.releaseAmount,
          refundAmount: v.refundAmount,
        })
      ).data,
  )

export const useDecideProposal = (contractId: string) =>
  useDisputeMutation(
    contractId,
    async (v: { id: string; proposalId: string; decision: 'accept' | 'decline' }) =>
      (
        await api.post<Answer>(
          `/disputes/${encodeURIComponent(v.id)}/proposals/${encodeURIComponent(v.proposalId)}/${v.decision}`,
          {},
        )
      ).data,
  )
