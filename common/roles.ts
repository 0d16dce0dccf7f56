export const ROLES = ['freelancer', 'client', 'admin'] as const
export type Role = (typeof ROLES)[number]
/** Roles a user can pick at signup or switch between themselves. */
export const SELF_ROLES = ['freelancer', 'client'] as const
export type SelfRole = (typeof SELF_ROLES)[number]
/**
 * "admin" names two things: the poster's job-management area (the /admin pages, GET /job/getadminjobs) and the
 * operator role, whose stored value is 'admin'. Code says `poster` for the first and `operator` for the second.
 */

/** The operator role's stored value (product.md §2). */
export const OPERATOR_ROLE = 'admin' satisfies Role

/** Whether the user is an operator (the 'admin' role), not merely someone managing their own jobs. */
export const isOperator = (user: { role: Role }) => user.role === OPERATOR_ROLE

/** Roles that post jobs and keep companies: clients, and operators; they reach the /admin job-management pages. */
export const POSTER_ROLES: readonly Role[] = ['client', OPERATOR_ROLE]

/** Whether the user's role may post jobs (and so use the job-management area). */
export const isPosterRole = (user: { role: Role }) => POSTER_ROLES.includes(user.role)
