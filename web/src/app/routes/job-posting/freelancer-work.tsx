import { Link, matchPath, Navigate, Outlet, useLocation } from 'react-router'
import { isPosterRole } from '@common/roles'
import { ArrowRight, FileSignature, RefreshCw, Search } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { StatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { AppliedJobsTable } from '@/features/applications/components/applied-jobs-table'
import { useMyContracts } from '@/features/payments'
import { StartHiringButton } from '@/features/users/components/start-hiring-button'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/**
 * The gate of the poster pages (/admin/jobs/…, /admin/job-templates): clients and operators get the page. A freelancer
 * (product.md §2 shows them Admin Jobs too) finds their applications and contracts and a one-click "Start hiring",
 * instead of being sent home (ADR 066); on a job's applicants page, where a notification may lead them, the job's own
 * page (ADR 040).
 */
export function Component() {
  const { user } = useAuth()
  const { pathname } = useLocation()
  if (user && isPosterRole(user)) return <Outlet />
  const applicantsOf = matchPath(paths.adminApplicants.pattern, pathname)?.params.id
  if (applicantsOf) return <Navigate to={paths.jobDescription.href(applicantsOf)} replace />
  return <FreelancerWork />
}

/** What a freelancer finds behind "Admin Jobs": their work, and the way to start hiring. */
function FreelancerWork() {
  const tr = useT()
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>{tr('posting.work.docTitle')}</title>
      <PageHeader
        className="mb-0"
        title={tr('posting.work.title')}
        description={tr('posting.work.description')}
      />
      <section
        aria-labelledby="start-hiring-title"
        className="flex flex-col gap-3 rounded-2xl border border-indigo-100 bg-accent/50 p-5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="start-hiring-title" className="text-base font-semibold text-slate-900">
            {tr('posting.work.hireTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{tr('posting.work.hireBody')}</p>
        </div>
        <StartHiringButton className="shrink-0" />
      </section>
      <AppliedJobsTable />
      <MyContracts />
    </div>
  )
}

/** The freelancer's side of their contracts, each leading to its page. */
function MyContracts() {
  const tr = useT()
  const { user } = useAuth()
  const query = useMyContracts()
  const mine = (query.data ?? []).filter((c) => c.freelancer?._id === user?._id)

  return (
    <Card>
      <CardHeader>
        <CardTitle id="my-contracts-title">{tr('posting.work.contracts')}</CardTitle>
      </CardHeader>
      {query.isPending ? (
        <div className="flex flex-col gap-3 px-6 pb-6" aria-busy="true">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : query.isError ? (
        <div className="px-6 pb-6">
          <p className="mb-3 text-sm text-muted-foreground">{tr('posting.work.contractsFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> {tr('common.retry')}
          </Button>
        </div>
      ) : mine.length === 0 ? (
        <div className="px-6 pb-6">
          <EmptyState
            icon={FileSignature}
            title={tr('posting.work.noContracts')}
            className="py-8"
            action={
              <Button asChild variant="outline">
                <Link to={paths.home.href()}>
                  <Search aria-hidden /> {tr('notFound.browse')}
                </Link>
              </Button>
            }
          >
            {tr('posting.work.noContractsBody')}
          </EmptyState>
        </div>
      ) : (
        <ul className="divide-y border-t" aria-labelledby="my-contracts-title">
          {mine.map((c) => (
            <li key={c._id}>
              <Link
                to={paths.contract.href(c._id)}
                className="flex items-center gap-3 px-6 py-3.5 text-sm outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{c.jobTitle}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {c.client
                      ? tr('posting.work.with', { name: c.client.fullname })
                      : tr('posting.work.clientLeft')}
                  </span>
                </span>
                <StatusBadge status={c.status} />
                <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
