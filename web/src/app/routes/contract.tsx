import { useParams } from 'react-router'
import { ContractDelivery } from '@/features/delivery/components/contract-delivery'
import { HireCard } from '@/features/payments/components/hires-panel'
import { ContractDispute } from '@/features/disputes/components/contract-dispute'
import { ContractReviews } from '@/features/reviews/components/contract-reviews'

/**
 * /contracts/:id — one hire (ADR 055). The delivery feature draws the header, escrow, actions and timeline; the
 * dispute and review sections sit below it, each owned by its feature.
 */
export function Component() {
  const { id = '' } = useParams()
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6">
      <ContractDelivery
        contractId={id}
        escrow={(contract, viewerId) => (
          <HireCard contract={contract} viewer={{ _id: viewerId }} onContractPage />
        )}
      />
      <ContractDispute contractId={id} />
      <ContractReviews contractId={id} />
    </div>
  )
}
