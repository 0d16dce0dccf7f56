/** The contract page's delivery section (ADR 055). Not built yet: draws nothing. */
export function ContractDelivery(_props: { contractId: string }) {
  return null
}
