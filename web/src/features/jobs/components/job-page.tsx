import { useEffect, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { ArrowLeft, FileQuestion } from 'lucide-react'
import { TOAST } from '@common/limits'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { httpStatus } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useJob } from '../api/get-job'
import type { Job } from '../api/get-jobs'
import { JobDetail, JobDetailSkeleton } from './job-detail'
import { ErrorBox } from './list-states'

/**
 * /description/:id: loading, not found, error with Retry (and the §8 toast), or the job. `payments` renders the
 * payment actions (composed by the route, so this feature does not import payments).
 */
export function JobPage({ payments }: { payments?: (job: Job) => ReactNode } = {}) {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const query = useJob(id)
  const notFound = httpStatus(query.error) === 404

  useEffect(() => {
    if (query.isError && !notFound)
      toastError(query.error, 'Something went wrong', { duration: TOAST.jobActionMs })
  }, [query.isError, query.error, notFound])

  // Back to wherever the reader came from (keeping their filters), or to the browser on a direct visit.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.jobs.href()))

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <title>{query.data ? `${query.data.title} · Microlance` : 'Job · Microlance'}</title>
      <div>
        <Button variant="ghost" size="sm" onClick={back} className="-ml-2 text-slate-600">
          <ArrowLeft aria-hidden /> Back to opportunities
        </Button>
      </div>
      {query.isPending ? (
        <div className="sm:rounded-2xl sm:border sm:bg-card sm:p-8" aria-busy="true">
          <p role="status" className="sr-only">
            Loading the job...
          </p>
          <JobDetailSkeleton />
        </div>
      ) : notFound ? (
        <>
          <h1 className="sr-only">Job not found</h1>
          <EmptyState
            icon={FileQuestion}
            title="Job not found"
            action={
              <Button asChild variant="outline">
                <Link to={paths.jobs.href()}>Browse jobs</Link>
              </Button>
            }
          >
            This job does not exist, or it is a draft only its creator can see.
          </EmptyState>
        </>
      ) : query.isError ? (
        <>
          <h1 className="sr-only">Job</h1>
          <ErrorBox error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </>
      ) : (
        <div className="sm:rounded-2xl sm:border sm:bg-card sm:p-8 sm:shadow-xs">
          <JobDetail job={query.data} headingLevel={1} payments={payments?.(query.data)} />
        </div>
      )}
    </div>
  )
}
