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
import { useAuth } from '@/lib/auth'
import { httpStatus, serverMessage } from '@/lib/errors'

/** /admin/jobs/:id/edit — the post-a-job form prefilled with a job, saved with PUT (product.md §6). */
export function Component() {
  const { id = '' } = useParams()
  const { user } = useAuth()
  const job = usePostedJob(id)

  const back = (
    <Button asChild variant="outline">
      <Link to={paths.adminJobsManage.href()}>Back to your jobs</Link>
    </Button>
  )

  let body
  if (job.isPending) body = <FormSkeleton />
  else if (job.isError)
    body = (
      <EmptyState
        icon={FileQuestion}
        title={httpStatus(job.error) === 404 ? 'Job not found' : "Couldn't load this job"}
        action={
          httpStatus(job.error) === 404 ? (
            back
          ) : (
            <Button variant="outline" onClick={() => void job.refetch()}>
              Retry
            </Button>
          )
        }
      >
        {httpStatus(job.error) === 404
          ? 'It may have been deleted.'
          : (serverMessage(job.error) ?? 'Check your connection and try again.')}
      </EmptyState>
    )
  else if (user && job.data.created_by._id !== user._id)
    body = <EmptyState icon={ShieldX} title="Only the person who posted this job can edit it" action={back} />
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
      <title>Edit job · Microlance</title>
      <PageHeader
        title="Edit job"
        description={job.data ? job.data.title : 'Change the details of a job you posted.'}
      />
      {body}
    </div>
  )
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading the job">
      <Skeleton className="h-80 rounded-2xl" />
      <Skeleton className="h-56 rounded-2xl" />
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  )
}
