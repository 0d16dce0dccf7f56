import type { Db } from '../../db/client'
import { isUuid } from '../../lib/ids'
import type { UserRow } from '../../db/schema'
import { authorizeRead } from './contracts.policy'
import { presentContract, presentRefund } from './contracts.presenter'
import { contractsRepo } from './contracts.repo'
import { contractPayouts } from '../payouts/payouts.list'
import { deliveryView, timelineOf } from '../delivery/delivery.view'

/** Reading hires (ADR 048); they are made and ended by application decisions, funded by payments. */
export function contractsService(deps: { db: Db }) {
  const { db } = deps
  return {
    /** The caller's contracts, as client or freelancer (newest first), optionally of one job. */
    async mine(user: UserRow, jobId?: string) {
      if (jobId !== undefined && !isUuid(jobId)) return []
      const rows = await contractsRepo.list(db, { userId: user.id, jobId })
      return rows.map(presentContract)
    },
    async get(user: UserRow, id: string) {
      const contract = await contractsRepo.byId(db, id)
      authorizeRead(user, contract)
      const [row] = await contractsRepo.list(db, { userId: null, id })
      const refunds = await contractsRepo.refundsOf(db, contract!)
      const payouts = await contractPayouts(db, contract!.id)
      const presented = presentContract(row)
      return {
        ...presented,
        refunds: refunds.map(presentRefund),
        payouts,
        // The review window (ADR 057) and everything that happened, oldest first (ADR 055).
        ...(await deliveryView(db, contract!.id, presented.escrow.inEscrow)),
        timeline: await timelineOf(db, contract!.id),
      }
    },
  }
}
export type ContractsService = ReturnType<typeof contractsService>
