import { useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Building2 } from 'lucide-react'
import { isPosterRole } from '@common/roles'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { myCompaniesQueryOptions } from '@/features/companies/api/companies'
import { CompanyDialog } from '@/features/companies/components/company-dialog'
import { postedJobsQueryOptions } from '@/features/job-posting/api/get-posted-jobs'
import { payoutAccountQueryOptions } from '@/features/payouts/api/payout-account'
import { NewcomerChecklist } from '@/features/users/components/newcomer-checklist'
import { isChecklistDismissed, type ChecklistFacts } from '@/features/users/lib/newcomer-checklist'
import { useT } from '@/i18n'

/**
 * The profile page's newcomer checklist, with the facts other features hold (payout details for a
 * freelancer; companies and posted jobs for a client) — composed here, as features do not import each other
 * (ADR 046). Asked only of the owner, and not at all once they hid the checklist.
 */
export function ProfileSetup({ user }: { user: User }) {
  const poster = isPosterRole(user)
  const wanted = !isChecklistDismissed(user.userId)
  const payout = useQuery({ ...payoutAccountQueryOptions(), enabled: wanted && !poster })
  const companies = useQuery({ ...myCompaniesQueryOptions(), enabled: wanted && poster })
  // The first page says whether there is a first job; no polling here.
  const jobs = useInfiniteQuery({
    ...postedJobsQueryOptions(),
    enabled: wanted && poster,
    refetchInterval: false,
  })

  if (!wanted) return null
  // A fact that could not be read counts as not done: the item stays, one click from doing it.
  const facts: ChecklistFacts | null = poster
    ? companies.isPending || jobs.isPending
      ? null
      : {
          companies: companies.data?.length ?? 0,
          postedJobs: jobs.data?.pages[0]?.jobs.length ?? 0,
        }
    : payout.isPending
      ? null
      : { payoutDetails: !!payout.data }

  return <NewcomerChecklist user={user} facts={facts} actions={{ company: <AddCompany /> }} />
}

function AddCompany() {
  const [open, setOpen] = useState(false)
  const t = useT()
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Building2 aria-hidden /> {t('account.setup.addCompany')}
      </Button>
      <CompanyDialog open={open} onOpenChange={setOpen} onSaved={() => setOpen(false)} />
    </>
  )
}
