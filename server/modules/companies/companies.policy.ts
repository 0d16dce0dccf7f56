import { isPosterRole } from '@common/roles'
import type { CompanyRow, UserRow } from '../../db/schema'
import { forbidden } from '../../errors'

export type CompanyAction = 'create' | 'update' | 'delete' | 'use'

/** Clients (and operators) keep company profiles; only the owner changes one or names it on a job. */
export function can(user: UserRow | null, action: CompanyAction, company: CompanyRow | null = null): boolean {
  if (!user) return false
  if (action === 'create') return isPosterRole(user)
  return !!company && company.ownerId === user.id
}

const REFUSALS: Record<CompanyAction, [string, string]> = {
  create: ['Only clients can create a company profile', 'wrong_role'],
  update: ['Only the owner can edit this company', 'not_company_owner'],
  delete: ['Only the owner can delete this company', 'not_company_owner'],
  use: ['A job can only name one of your own companies', 'not_company_owner'],
}

export function authorize(user: UserRow | null, action: CompanyAction, company: CompanyRow | null = null) {
  if (can(user, action, company)) return
  const [message, code] = REFUSALS[action]
  throw forbidden(message, code)
}
