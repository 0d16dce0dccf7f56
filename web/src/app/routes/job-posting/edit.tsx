import { Link, useParams } from 'react-router'
import { FileQuestion, ShieldX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { CompanyField } from '@/features/companies/components/company-field'
import { usePostedJob } from '@/features/job-posting/api/get-posted-job'
import { JobForm } from '@/features/job-posting/components/job-form'
import { jobToFormValues } from '@/features/job-posting/lib/job-form-values'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { httpStatus, serverMessage } from '@/lib/errors'

/** /admin/jobs/:id/edit — the post-a-job form prefilled with a job, saved with PUT (product.md §6). */
export function Component() {
  const tr = useT()
  const { id = '' } = useParams()
  const { user } = useAuth()
  const job = usePostedJob(id)

  const back = (
    <Button asChild variant="outline">
      <Link to={paths.adminJobsManage.href()}>{tr('posting.edit.back')}</Link>
    </Button>
  )

  let body
  if (job.isPending) body = <FormSkeleton />
  else if (job.isError)
    body = (
      <EmptyState
        icon={FileQuestion}
        title={tr(httpStatus(job.error) === 404 ? 'posting.edit.notFound' : 'posting.edit.loadFailed')}
        action={
          httpStatus(job.error) === 404 ? (
            back
          ) : (
            <Button variant="outline" onClick={() => void job.refetch()}>
              {tr('common.retry')}
            </Button>
          )
        }
      >
        {httpStatus(job.error) === 404
          ? tr('posting.edit.maybeDeleted')
          : (serverMessage(job.error) ?? tr('posting.edit.checkConnection'))}
      </EmptyState>
    )
  else if (user && job.data.created_by._id !== user._id)
    body = <EmptyState icon={ShieldX} title={tr('posting.edit.notYours')} action={back} />
  else
    body = (
      <JobForm
        key={job.data._id}
        mode="edit"
        jobId={job.data._id}
        initial={jobToFormValues(job.data)}
        moneyLocked={job.data.fundedAmount > 0 || job.data.fundStatus !== 'Not Initiated'}
        companyField={(field) => <CompanyField {...field} />}
      />
    )

  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>{tr('posting.edit.docTitle')}</title>
      <PageHeader
        title={tr('posting.edit.title')}
        description={job.data ? job.data.title : tr('posting.edit.description')}
      />
      {body}
    </div>
  )
}

function FormSkeleton() {
  const tr = useT()
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label={tr('posting.edit.loading')}>
      <Skeleton className="h-80 rounded-2xl" />
      <Skeleton className="h-56 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  )
}
