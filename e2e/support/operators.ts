/** The operator (role `admin`) the global setup makes for a Playwright project: one each, so none share a code. */
export const operatorEmail = (projectName: string) => `money-operator-${projectName}@microlance.test`
