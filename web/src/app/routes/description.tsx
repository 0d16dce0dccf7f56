import { JobPage } from '@/features/jobs/components/job-page'

/** /description/:id — one job in full (spec §2), with Apply or the creator's menu. */
export function Component() {
  return <JobPage />
}
