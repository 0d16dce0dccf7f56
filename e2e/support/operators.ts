/**
 * The operators (role `admin`) the global setup makes: one per Playwright project and per spec file that signs one
 * in ("desk"). Two workers run different files at once; were they to share an operator, one file's sign-in code
 * would replace the other's mid-sign-in.
 */
export const OPERATOR_DESKS = ['money', 'disputes', 'safety', 'trust'] as const
export type OperatorDesk = (typeof OPERATOR_DESKS)[number]

export const operatorEmail = (projectName: string, desk: OperatorDesk) =>
  `${desk}-operator-${projectName}@microlance.test`
