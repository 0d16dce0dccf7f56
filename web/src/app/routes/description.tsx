import { JobPage } from '@/features/jobs/components/job-page'
import { HiresPanel, JobPaymentActions } from '@/features/payments'
import { useAuth } from '@/lib/auth'

/** /description/:id — one job in full (product.md §3), with Apply, or the payment actions and the creator's menu. */
export function Component() {
  const { user } = useAuth()
  return (
    <JobPage
      payments={(job) => (
        <>
          <JobPaymentActions job={job} viewer={user} />
          {/* Each hire with its own escrow (ADR 048). */}
          <HiresPanel jobId={job._id} viewer={user} />
        </>
      )}
    />
  )
}
