import { JobBrowser } from '@/features/jobs/components/job-browser'
import { JobPaymentActions } from '@/features/payments'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/** / and /jobs — the job browser (product.md §3), its detail panel with the payment actions. */
export function Component() {
  const { user } = useAuth()
  const t = useT()
  return (
    <>
      <title>{t('jobs.browser.docTitle')}</title>
      <JobBrowser payments={(job) => <JobPaymentActions job={job} viewer={user} />} />
    </>
  )
}
