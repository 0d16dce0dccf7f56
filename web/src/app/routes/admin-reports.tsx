import { PageHeader } from '@/components/page-header'
import { ModerationQueues } from '@/features/moderation'

/** /admin/reports — operators only (RequireAuth in the router): reports and job posts held for review (ADR 056). */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>Reports · Microlance</title>
      <PageHeader
        title="Reports"
        description="What people reported, and job posts held because they ask applicants to pay."
      />
      <ModerationQueues />
    </div>
  )
}
