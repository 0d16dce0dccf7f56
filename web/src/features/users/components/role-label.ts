import { OPERATOR_ROLE, type Role } from '@common/roles'

/** How a role reads in the interface. */
export function roleLabel(role: Role): string {
  return role === 'client' ? 'Hiring' : role === OPERATOR_ROLE ? 'Admin' : 'Freelancer'
}
