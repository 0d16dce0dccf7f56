/** The contract page's reviews section (ADR 055). Not built yet: draws nothing. */
export function ContractReviews(_props: { contractId: string }) {
  return null
}
