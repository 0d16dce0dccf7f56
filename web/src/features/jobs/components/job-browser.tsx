import { Suspense, lazy, useEffect, useRef, type ReactNode } from 'react'
import { Info } from 'lucide-react'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { useInfiniteJobs } from '../api/get-jobs'
import { useJob } from '../api/get-job'
import type { Job } from '../api/get-jobs'
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll'
import { SELECTED_PARAM, useJobFilters } from '../hooks/use-job-filters'
import { useMediaQuery } from '@/hooks/use-media-query'
import { retryImport } from '@/lib/retry-import'
import { hasActiveFilters } from '../lib/filters'
import { JobCard, JobCardSkeleton, onCardListKeyDown } from './job-card'
import { JobDetailSkeleton } from './job-detail-skeleton'
import { JobFiltersBar } from './job-filters'
import { ErrorBox, NextPage, NoOpportunities, SelectPlaceholder } from './list-states'

/** Side by side from 1024 px: below that (phones, and tablets beside the sidebar) the list stacks. */
export const SPLIT_QUERY = '(min-width: 1024px)'

/**
 * The detail panel's code (with the apply dialog and the forms' schemas, ~65 KB gzipped) is needed only beside the
 * list: a phone shows the list alone and opens /description/:id, so it does not download it before its first screen.
 * On a wide screen the download starts as soon as this module runs, beside the list's data.
 */
const loadDetail = () => retryImport(() => import('./job-detail'))
if (typeof window !== 'undefined' && window.matchMedia?.(SPLIT_QUERY).matches) void loadDetail()
const JobDetail = lazy(() => loadDetail().then((m) => ({ default: m.JobDetail })))

/**
 * The job browser at / and /jobs (product.md §3): filters in the URL, a 2/5 list of cards with infinite scroll and a
 * 3/5 detail panel with the first result auto-selected. Narrow screens show the list; a card opens /description/:id.
 */
export function JobBrowser({ payments }: { payments?: (job: Job) => ReactNode } = {}) {
  const t = useT()
  const { filters, setFilters, reset, params } = useJobFilters()
  const split = useMediaQuery(SPLIT_QUERY)
  const list = useInfiniteJobs(filters)
  const jobs = list.data?.pages.flatMap((p) => p.jobs) ?? []

  const wanted = params.get(SELECTED_PARAM)
  const inList = wanted ? jobs.find((j) => j._id === wanted) : undefined
  // A shared link may name a job that is not on the loaded pages: fetch that one job.
  const linked = useJob(wanted ?? '', split && !!wanted && !inList && !list.isPending)
  const selected = inList ?? linked.data ?? (wanted && linked.isPending && split ? undefined : jobs[0])
  const selectedId = selected?._id

  const sentinel = useInfiniteScroll(
    () => void list.fetchNextPage(),
    list.hasNextPage && !list.isFetchingNextPage && !list.isError,
  )

  const cardTo = (id: string) => {
    if (!split) return paths.jobDescription.href(id)
    const next = new URLSearchParams(params)
    next.set(SELECTED_PARAM, id)
    return `?${next.toString()}`
  }

  // A shared link naming a job: bring its card into view once, when the list first arrives.
  const revealed = useRef(false)
  useEffect(() => {
    if (revealed.current || list.isPending) return
    revealed.current = true
    if (split && inList)
      document.querySelector(`[data-job-id="${CSS.escape(inList._id)}"]`)?.scrollIntoView({ block: 'center' })
  }, [list.isPending, split, inList])

  // Selecting a card scrolls the panel back to its top.
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.scrollTo({ top: 0 })
  }, [selectedId])

  const closestHint =
    filters.sort === 'closest' && !filters.state
      ? // Profiles keep no location (product.md §5), so the state chosen here is the only one there is.
        t('jobs.browser.closestHint')
      : null

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('jobs.browser.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('jobs.browser.subtitle')}</p>
      </div>
      <JobFiltersBar filters={filters} onChange={setFilters} />
      {closestHint ? (
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {closestHint}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <section aria-label={t('jobs.browser.title')} className="flex min-w-0 flex-col gap-3 lg:col-span-2">
          {list.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <p role="status" className="text-sm text-muted-foreground">
                {t('jobs.browser.loading')}
              </p>
              {[0, 1, 2, 3].map((i) => (
                <JobCardSkeleton key={i} />
              ))}
            </div>
          ) : list.isError && !jobs.length ? (
            <ErrorBox error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          ) : !jobs.length ? (
            <NoOpportunities onReset={reset}>
              {hasActiveFilters(filters) ? t('jobs.empty.filtered') : t('jobs.empty.none')}
            </NoOpportunities>
          ) : (
            <>
              <p role="status" className="text-xs text-muted-foreground">
                {t(list.hasNextPage ? 'jobs.browser.countMore' : 'jobs.browser.count', {
                  count: jobs.length,
                })}
              </p>
              <ul className="flex flex-col gap-3" onKeyDown={onCardListKeyDown}>
                {jobs.map((job) => (
                  <li key={job._id} data-job-id={job._id}>
                    <JobCard
                      job={job}
                      to={cardTo(job._id)}
                      replace={split}
                      selected={split && job._id === selectedId}
                    />
                  </li>
                ))}
              </ul>
              <NextPage list={list} sentinel={sentinel} count={jobs.length} />
            </>
          )}
        </section>

        {split ? (
          <section aria-label={t('jobs.browser.details')} className="min-w-0 lg:col-span-3">
            <div
              ref={panel}
              className="sticky top-8 max-h-[calc(100dvh-4rem)] overflow-y-auto rounded-2xl border bg-card p-6 shadow-xs"
            >
              {list.isPending || (wanted && !inList && linked.isPending) ? (
                <JobDetailSkeleton />
              ) : selected ? (
                <Suspense fallback={<JobDetailSkeleton />}>
                  <JobDetail key={selected._id} job={selected} payments={payments?.(selected)} />
                </Suspense>
              ) : (
                <SelectPlaceholder />
              )}
            </div>
          </section>
        ) : null}
      </div>
    </div>
  )
}
