import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { BriefcaseBusiness, CircleAlert, RefreshCw, Search, SquarePlus, X } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import {
  POSTED_JOBS_POLL_MS,
  PostedJobsUnsuccessful,
  usePostedJobs,
} from '@/features/job-posting/api/get-posted-jobs'
import {
  PostedJobsCards,
  PostedJobsSkeleton,
  PostedJobsTable,
} from '@/features/job-posting/components/posted-jobs-list'
import { TemplatesLink } from '@/features/job-posting/components/templates-link'
import { jobCountText } from '@/features/job-posting/lib/format'
import { useIsMobile } from '@/hooks/use-media-query'
import { t, useLanguage, useT, type Language } from '@/i18n'
import { httpStatus, serverMessage } from '@/lib/errors'

/** When the list last arrived, to the second (it refreshes every 15 s), in the reader's language. */
const timeFormats = new Map<Language, Intl.DateTimeFormat>()
function formatUpdated(at: number, language: Language) {
  let f = timeFormats.get(language)
  if (!f)
    timeFormats.set(
      language,
      (f = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', second: '2-digit' })),
    )
  return f.format(at)
}

/**
 * Two texts: an answer that says it failed → 'Failed to fetch admin jobs' (product.md §15); a call that threw
 * (no answer, or an error status) → 'Error fetching admin jobs'.
 */
function errorTitle(error: unknown) {
  return t(
    error instanceof PostedJobsUnsuccessful ? 'posting.manage.fetchFailed' : 'posting.manage.fetchError',
  )
}
function errorDetail(error: unknown) {
  if (error instanceof PostedJobsUnsuccessful) return error.message
  return (
    serverMessage(error) ??
    t(httpStatus(error) ? 'posting.manage.serverFailed' : 'posting.manage.checkConnection')
  )
}

/** /admin/jobs/manage — the client's jobs (product.md §3 "Admin jobs manage"), polled every 15 s. */
export function Component() {
  const tr = useT()
  const language = useLanguage()
  const query = usePostedJobs()
  const mobile = useIsMobile()
  const [filter, setFilter] = useState('')
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.jobs) ?? [], [query.data])
  const needle = filter.trim().toLowerCase()
  const jobs = needle ? all.filter((j) => j.title.toLowerCase().includes(needle)) : all

  return (
    <div className="mx-auto w-full max-w-6xl">
      <title>{tr('posting.manage.docTitle')}</title>
      <PageHeader
        title={tr('posting.manage.title')}
        description={tr('posting.manage.description', { seconds: POSTED_JOBS_POLL_MS / 1000 })}
        actions={
          <>
            <TemplatesLink />
            <Button asChild>
              <Link to={paths.adminJobsCreate.href()}>
                <SquarePlus aria-hidden /> {tr('posting.manage.outsource')}
              </Link>
            </Button>
          </>
        }
      />

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="relative w-full sm:max-w-xs">
          <Label htmlFor="admin-jobs-filter" className="sr-only">
            {tr('posting.manage.filter')}
          </Label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id="admin-jobs-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={tr('posting.manage.filter')}
            className="pl-9"
          />
        </div>
        {query.data ? (
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {jobCountText({
              matching: jobs.length,
              loaded: all.length,
              more: !!query.hasNextPage,
              filtered: !!needle,
            })}
            {' · '}
            {query.isFetching ? (
              <span className="inline-flex items-center gap-1">
                <Spinner className="size-3" /> {tr('posting.manage.refreshing')}
              </span>
            ) : (
              tr('posting.manage.updated', { time: formatUpdated(query.dataUpdatedAt, language) })
            )}
          </p>
        ) : null}
      </div>

      {query.isError && query.data ? (
        <p
          role="alert"
          className="mb-4 flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-800"
        >
          <CircleAlert className="size-4 shrink-0" aria-hidden />
          {tr('posting.manage.stale', {
            problem: errorTitle(query.error),
            time: formatUpdated(query.dataUpdatedAt, language),
          })}
        </p>
      ) : null}

      {query.isPending ? (
        <PostedJobsSkeleton mobile={mobile} />
      ) : query.isError && !query.data ? (
        <div role="alert">
          <EmptyState
            icon={CircleAlert}
            title={errorTitle(query.error)}
            action={
              <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RefreshCw aria-hidden /> {tr('common.retry')}
              </Button>
            }
          >
            {errorDetail(query.error)}
          </EmptyState>
        </div>
      ) : all.length === 0 ? (
        <EmptyState
          icon={BriefcaseBusiness}
          title={tr('posting.manage.emptyTitle')}
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link to={paths.adminJobsCreate.href()}>
                  <SquarePlus aria-hidden /> {tr('posting.manage.postJob')}
                </Link>
              </Button>
              <TemplatesLink>{tr('posting.manage.fromTemplate')}</TemplatesLink>
            </div>
          }
        >
          {tr('posting.manage.emptyBody')}
        </EmptyState>
      ) : jobs.length === 0 ? (
        <EmptyState
          icon={Search}
          title={tr('posting.manage.noMatchTitle')}
          action={
            <Button variant="outline" onClick={() => setFilter('')}>
              <X aria-hidden /> {tr('posting.manage.clearFilter')}
            </Button>
          }
        >
          {tr('posting.manage.noMatchBody', { filter: filter.trim() })}
        </EmptyState>
      ) : mobile ? (
        <PostedJobsCards jobs={jobs} />
      ) : (
        <PostedJobsTable jobs={jobs} />
      )}

      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? <Spinner /> : null} {tr('posting.manage.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
