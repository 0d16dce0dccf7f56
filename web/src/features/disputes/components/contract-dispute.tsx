/** The contract page's disputes section (ADR 055). Not built yet: draws nothing. */
export function ContractDispute(_props: { contractId: string }) {
  return null
}
