import { paiseToRupees } from '@common/money'
import type { Executor } from '../../db/client'
import { presentContractPayout, presentPayout } from './payouts.presenter'
import { transfersRepo } from './transfers.repo'

/** A freelancer's payouts, newest first, and what waits for an account, is on its way, and was paid (rupees). */
export async function payoutsOf(db: Executor, freelancerId: string) {
  const [rows, totals] = await Promise.all([
    transfersRepo.listOf(db, freelancerId),
    transfersRepo.totals(db, freelancerId),
  ])
  return {
    pendingPayout: paiseToRupees(totals.pending),
    inTransit: paiseToRupees(totals.moving),
    paidOut: paiseToRupees(totals.paid),
    payouts: rows.map(presentPayout),
  }
}

/** A contract's payouts, newest first (rupees). */
export async function contractPayouts(db: Executor, contractId: string) {
  return (await transfersRepo.listOf(db, null, contractId)).map(presentContractPayout)
}
