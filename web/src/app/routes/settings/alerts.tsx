import { PageHeader } from '@/components/page-header'
import { AlertSettings } from '@/features/alerts'
import { useUser } from '@/lib/auth'

/** /settings/alerts — saved searches and applicant mail (ADR 064). Guarded by RequireAuth. */
export function Component() {
  const user = useUser()
  return (
    <div className="mx-auto w-full max-w-2xl">
      <title>Job alerts · Microlance</title>
      <PageHeader
        title="Job alerts"
        description="New jobs that match your saved searches, by email and in your notifications."
      />
      <AlertSettings isClient={user?.role === 'client'} />
    </div>
  )
}
