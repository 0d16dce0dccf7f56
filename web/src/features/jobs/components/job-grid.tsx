import type { ReactNode } from 'react'
import { SearchX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import type { Job } from '../api/get-jobs'
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll'
import { JobCard, JobCardSkeleton } from './job-card'
import { ErrorBox, NextPage } from './list-states'

/** What a paged job list gives the grid (an infinite query over /job/get or /search). */
export interface PagedJobs {
  jobs: Job[]
  isPending: boolean
  isError: boolean
  error: unknown
  isFetching: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  refetch: () => unknown
  fetchNextPage: () => unknown
}

/** An infinite query whose pages carry jobs, as useInfiniteJobs and useSearch give it. */
type JobPagesQuery = Omit<PagedJobs, 'jobs'> & { data?: { pages: { jobs: Job[] }[] } }

/** The grid's view of such a query: its pages' jobs in order, and its state as it is. */
export function pagedJobs(query: JobPagesQuery): PagedJobs {
  return {
    jobs: query.data?.pages.flatMap((p) => p.jobs) ?? [],
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    refetch: query.refetch,
    fetchNextPage: query.fetchNextPage,
  }
}

/**
 * A grid of job cards for /search and /explore: loading skeletons, error with Retry, the empty text of /explore
 * (product.md §3: 'No jobs found. Try adjusting your filters.', where there are filters to adjust), and
 * infinite scroll with a 'Load more' button. Cards open /description/:id and show highlighted matches.
 */
export function JobGrid({
  list,
  emptyTitle,
  emptyText,
  emptyAction,
  emptyLine,
  autoLoad = true,
}: {
  list: PagedJobs
  /** The empty state's title: the spec's text only fits a page with filters to adjust. */
  emptyTitle?: string
  emptyText?: ReactNode
  emptyAction?: ReactNode
  /** When other results stand below (people, posts), no jobs is one quiet line instead of the empty state. */
  emptyLine?: string
  /**
   * Whether scrolling near the end loads the next page. Off when other results stand below the grid: they would
   * otherwise move away with every page, and 'Load more' asks for the next one.
   */
  autoLoad?: boolean
}) {
  const t = useT()
  const sentinel = useInfiniteScroll(
    () => void list.fetchNextPage(),
    autoLoad && list.hasNextPage && !list.isFetchingNextPage && !list.isError,
  )
  if (list.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {t('jobs.grid.searching')}
        </p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <JobCardSkeleton key={i} />
          ))}
        </div>
      </div>
    )
  if (list.isError && !list.jobs.length)
    return <ErrorBox error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
  if (!list.jobs.length && emptyLine) return <p className="text-sm text-muted-foreground">{emptyLine}</p>
  if (!list.jobs.length)
    return (
      <EmptyState icon={SearchX} title={emptyTitle ?? t('jobs.empty.noJobs')} action={emptyAction}>
        {emptyText}
      </EmptyState>
    )
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.jobs.map((job) => (
          <li key={job._id} className="flex">
            <div className="flex w-full [&>article]:w-full">
              <JobCard job={job} to={paths.jobDescription.href(job._id)} showDescription />
            </div>
          </li>
        ))}
      </ul>
      <NextPage list={list} sentinel={sentinel} count={list.jobs.length} />
    </div>
  )
}

/** "12" or "20+" while more pages exist (the API gives no total). */
export const countText = (list: Pick<PagedJobs, 'jobs' | 'hasNextPage'>) =>
  `${list.jobs.length}${list.hasNextPage ? '+' : ''}`
