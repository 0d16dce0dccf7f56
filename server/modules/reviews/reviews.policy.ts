import type { ContractRow, UserRow } from '../../db/schema'
import { forbidden, notFound } from '../../errors'

/** Who reviews on a contract and reads its review section (ADR 060): its client and its freelancer only. */
export function authorizeParty(user: UserRow, c: ContractRow | null): asserts c is ContractRow {
  if (!c) throw notFound('Contract not found', 'contract_not_found')
  if (c.clientId !== user.id && c.freelancerId !== user.id)
    throw forbidden('Only the client and the freelancer of this contract can review it', 'not_contract_party')
}
