import { JobBrowser } from '@/features/jobs/components/job-browser'

/** / and /jobs — the job browser (spec §2). */
export function Component() {
  return (
    <>
      <title>Jobs · Microlance</title>
      <JobBrowser />
    </>
  )
}
