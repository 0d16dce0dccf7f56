import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RefundDtoType } from '@common/schemas/refund'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { anyPayoutMoving, anyRefundPending } from '../lib/money-out'
import type { Contract } from './get-contracts'

/** A refund on its way to the card or UPI it was paid from (ADR 050). */
export type ContractRefund = RefundDtoType

/** One release of the contract, split into fee, taxes and net (ADR 050). */
export type ContractPayout = NonNullable<Contract['payouts']>[number]

/** A contract as its own route answers it, with what left its escrow (both lists optional in the schema). */
export type ContractDetail = Contract

/** GET /contracts/:id — one hire with its refunds and payouts. */
export async function getContract(contractId: string, signal?: AbortSignal): Promise<ContractDetail> {
  const res = await api.get<{ success: true; contract: ContractDetail }>(
    `/contracts/${encodeURIComponent(contractId)}`,
    { signal },
  )
  return res.data.contract
}

/** While a refund or payout is on its way its state changes on its own: look again every 2 s until it settles. */
export const contractQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.contract(contractId),
    queryFn: ({ signal }) => getContract(contractId, signal),
    refetchInterval: (q) =>
      anyRefundPending(q.state.data?.refunds) || anyPayoutMoving(q.state.data?.payouts) ? 2000 : false,
  })

export function useContract(contractId: string, enabled = true) {
  return useQuery({ ...contractQueryOptions(contractId), enabled: enabled && !!contractId })
}
