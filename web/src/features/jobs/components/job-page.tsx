import { useEffect, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { ArrowLeft, FileQuestion } from 'lucide-react'
import { TOAST } from '@common/limits'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { translate, useT } from '@/i18n'
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
  const t = useT()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const query = useJob(id)
  const notFound = httpStatus(query.error) === 404

  useEffect(() => {
    if (query.isError && !notFound)
      toastError(query.error, translate('jobs.error.title'), { duration: TOAST.jobActionMs })
  }, [query.isError, query.error, notFound])

  // Back to wherever the reader came from (keeping their filters), or to the browser on a direct visit.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.jobs.href()))

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <title>
        {query.data ? t('jobs.page.docTitle', { title: query.data.title }) : t('jobs.page.docTitleLoading')}
      </title>
      <div>
        <Button variant="ghost" size="sm" onClick={back} className="-ml-2 text-slate-600">
          <ArrowLeft aria-hidden /> {t('jobs.page.back')}
        </Button>
      </div>
      {query.isPending ? (
        <div className="sm:rounded-2xl sm:border sm:bg-card sm:p-8" aria-busy="true">
          <p role="status" className="sr-only">
            {t('jobs.page.loading')}
          </p>
          <JobDetailSkeleton />
        </div>
      ) : notFound ? (
        <>
          <h1 className="sr-only">{t('jobs.page.notFound')}</h1>
          <EmptyState
            icon={FileQuestion}
            title={t('jobs.page.notFound')}
            action={
              <Button asChild variant="outline">
                <Link to={paths.jobs.href()}>{t('jobs.page.browse')}</Link>
              </Button>
            }
          >
            {t('jobs.page.notFoundText')}
          </EmptyState>
        </>
      ) : query.isError ? (
        <>
          <h1 className="sr-only">{t('jobs.page.heading')}</h1>
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
