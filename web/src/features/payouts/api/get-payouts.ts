import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { PayoutDtoType } from '@common/schemas/payout-money'

/** One release to the caller, split and on its way to their bank (ADR 050). Rupees; `amount` is the net. */
export type Payout = PayoutDtoType

/** The totals are optional here so that an answer without them still shows the list. */
export interface PayoutsAnswer {
  pendingPayout?: number
  inTransit?: number
  paidOut?: number
  payouts: Payout[]
}

/** GET /payouts — the caller's payouts, newest first, with what is waiting, on its way and paid. */
export async function getPayouts(signal?: AbortSignal): Promise<PayoutsAnswer> {
  const res = await api.get<{ success: true } & PayoutsAnswer>('/payouts', { signal })
  const { pendingPayout, inTransit, paidOut, payouts } = res.data
  return { pendingPayout, inTransit, paidOut, payouts: payouts ?? [] }
}

/** Money on its way settles on its own (the UTR comes with the settlement): look again every 3 s until it has. */
const moving = (a: PayoutsAnswer | undefined) =>
  (a?.payouts ?? []).some(
    (p) => p.status === 'queued' || p.status === 'transferring' || (p.status === 'paid' && !p.utr),
  )

const waiting = (a: PayoutsAnswer | undefined) =>
  (a?.payouts ?? []).some((p) => p.status === 'waiting_account')

export const payoutsQueryOptions = (waitingWillMove = false) =>
  queryOptions({
    queryKey: queryKeys.payouts.list(),
    queryFn: ({ signal }) => getPayouts(signal),
    refetchInterval: (q) =>
      moving(q.state.data) || (waitingWillMove && waiting(q.state.data)) ? 3000 : false,
  })

/** `waitingWillMove`: the payout account is active, so money waiting for it is about to be queued; watch it go. */
export function usePayouts({ enabled = true, waitingWillMove = false } = {}) {
  return useQuery({ ...payoutsQueryOptions(waitingWillMove), enabled })
}
