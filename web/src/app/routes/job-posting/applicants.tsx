import { Link, Navigate, useParams } from 'react-router'
import { ArrowLeft, CircleAlert, RefreshCw, Users } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useApplicants } from '@/features/applications/api/get-applicants'
import {
  ApplicantsCards,
  ApplicantsSkeleton,
  ApplicantsTable,
} from '@/features/applications/components/applicants-list'
import { HiresPanel } from '@/features/payments'
import { useIsMobile } from '@/hooks/use-media-query'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { httpStatus, serverMessage } from '@/lib/errors'

/** /admin/jobs/:id/applicants — a job's applicants with Accept / Reject (product.md §3 "Applicants", §7). */
export function Component() {
  const tr = useT()
  const { id = '' } = useParams()
  const query = useApplicants(id)
  const mobile = useIsMobile()
  const { user } = useAuth()
  const list = query.data?.applications ?? []
  const counts = list.reduce<Record<string, number>>(
    (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
    {},
  )
  // Someone else's job (a rejected applicant's notification leads here, product.md §11): its page is what they can
  // read, not a Retry that can never work.
  if (httpStatus(query.error) === 403) return <Navigate to={paths.jobDescription.href(id)} replace />

  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>
        {query.data
          ? tr('posting.applicants.docTitleFor', { title: query.data.job.title })
          : tr('posting.applicants.docTitle')}
      </title>
      <Link
        to={paths.adminJobsManage.href()}
        className="mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {tr('posting.list.yourJobs')}
      </Link>
      <PageHeader
        title={tr('posting.applicants.title')}
        description={
          query.data ? (
            <>
              {tr('posting.applicants.for')}{' '}
              <Link to={paths.jobDescription.href(id)} className="font-medium text-slate-700 hover:underline">
                {query.data.job.title}
              </Link>
              {list.length
                ? counts.pending
                  ? tr('posting.applicants.countPending', { count: list.length, pending: counts.pending })
                  : tr('posting.applicants.count', { count: list.length })
                : null}
            </>
          ) : undefined
        }
      />

      {/* Each hire with its own escrow and money actions (ADR 048). */}
      <div className="mb-6 empty:hidden">
        <HiresPanel
          jobId={id}
          viewer={user}
          version={list
            .filter((a) => a.status === 'accepted')
            .map((a) => a._id)
            .join(',')}
        />
      </div>

      {query.isPending ? (
        <ApplicantsSkeleton />
      ) : query.isError ? (
        <div role="alert">
          <EmptyState
            icon={CircleAlert}
            title={tr('posting.applicants.loadFailed')}
            action={
              <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RefreshCw aria-hidden /> {tr('common.retry')}
              </Button>
            }
          >
            {serverMessage(query.error) ?? tr('posting.edit.checkConnection')}
          </EmptyState>
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={Users} title={tr('posting.applicants.emptyTitle')}>
          {tr('posting.applicants.emptyBody')}
        </EmptyState>
      ) : mobile ? (
        <ApplicantsCards jobId={id} applications={list} />
      ) : (
        <ApplicantsTable jobId={id} applications={list} />
      )}
    </div>
  )
}
