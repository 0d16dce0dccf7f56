import { OPERATOR_ROLE, type Role } from '@common/roles'
import { t } from '@/i18n'

/** How a role reads in the interface, in the current language. */
export function roleLabel(role: Role): string {
  return t(role === 'client' ? 'role.client' : role === OPERATOR_ROLE ? 'role.admin' : 'role.freelancer')
}
