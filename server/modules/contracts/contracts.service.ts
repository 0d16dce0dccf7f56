import type { Db } from '../../db/client'
import { isUuid } from '../../lib/ids'
import type { UserRow } from '../../db/schema'
import { authorizeRead } from './contracts.policy'
import { presentContract } from './contracts.presenter'
import { contractsRepo } from './contracts.repo'

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
      authorizeRead(user, await contractsRepo.byId(db, id))
      const [row] = await contractsRepo.list(db, { userId: null, id })
      return presentContract(row)
    },
  }
}
export type ContractsService = ReturnType<typeof contractsService>
