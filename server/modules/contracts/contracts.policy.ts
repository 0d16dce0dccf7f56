import { isOperator } from '@common/roles'
import type { ContractRow, UserRow } from '../../db/schema'
import { forbidden, notFound } from '../../errors'

/** Who reads a contract (ADR 048): its client, its freelancer, and operators. */
export function canRead(user: UserRow, c: Pick<ContractRow, 'clientId' | 'freelancerId'>): boolean {
  return c.clientId === user.id || c.freelancerId === user.id || isOperator(user)
}

/** 404 for a contract that does not exist, 403 for one the user is no party to. */
export function authorizeRead(user: UserRow, c: ContractRow | null): asserts c is ContractRow {
  if (!c) throw notFound('Contract not found', 'contract_not_found')
  if (!canRead(user, c))
    throw forbidden('Only the client and the freelancer of this contract can see it', 'not_contract_party')
}
