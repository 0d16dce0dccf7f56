import { isOperator } from '@common/roles'
import type { ContractRow, UserRow } from '../../db/schema'
import { forbidden, notFound } from '../../errors'

export type Side = 'client' | 'freelancer'

/** Which side of the contract the user is on, if any. */
export const sideOf = (
  user: { id: string },
  c: Pick<ContractRow, 'clientId' | 'freelancerId'>,
): Side | null => (c.clientId === user.id ? 'client' : c.freelancerId === user.id ? 'freelancer' : null)

/** Opening, answering and settling a dispute: its contract's client or freelancer (404 without the contract). */
export function authorizeParty(user: UserRow, c: ContractRow | null): asserts c is ContractRow {
  if (!c) throw notFound('Contract not found', 'contract_not_found')
  if (!sideOf(user, c))
    throw forbidden('Only the client and the freelancer of this contract can do that', 'not_contract_party')
}

/** Reading a dispute: its two parties and operators. */
export function authorizeRead(user: UserRow, c: Pick<ContractRow, 'clientId' | 'freelancerId'>) {
  if (!sideOf(user, c) && !isOperator(user))
    throw forbidden('Only the two sides of this dispute and operators can see it', 'not_dispute_party')
}

/** The queue, the operator's view with the chat, notes and decisions: operators (the 'admin' role) only. */
export function authorizeOperator(user: UserRow) {
  if (!isOperator(user)) throw forbidden('Only operators can do that', 'operators_only')
}
