export const ROLES = ['freelancer', 'client', 'admin'] as const
export type Role = (typeof ROLES)[number]
/** Roles a user can pick at signup or switch between themselves. */
export const SELF_ROLES = ['freelancer', 'client'] as const
export type SelfRole = (typeof SELF_ROLES)[number]
/** Roles admitted to /admin routes (DECISIONS.md "Accounts and roles"). */
export const ADMIN_ROUTE_ROLES: readonly Role[] = ['client', 'admin']
