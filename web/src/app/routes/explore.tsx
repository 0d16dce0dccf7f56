import { Button } from '@/components/ui/button'
import { SaveSearch } from '@/features/alerts'
import { useInfiniteJobs } from '@/features/jobs/api/get-jobs'
import { countText, JobGrid, pagedJobs } from '@/features/jobs/components/job-grid'
import { JobFiltersBar } from '@/features/jobs/components/job-filters'
import { useJobFilters } from '@/features/jobs/hooks/use-job-filters'
import { CorrectionNote } from '@/features/search/components/correction-note'
import { SearchBox } from '@/features/search/components/search-box'
import { useT } from '@/i18n'

/**
 * /explore — every opportunity as a grid, narrowed by a search and the browser's filters, all in the URL
 * (product.md §3 "Explore"). The search lives only in the URL, so leaving clears it.
 */
export function Component() {
  const t = useT()
  const { filters, setFilters, reset } = useJobFilters()
  const query = useInfiniteJobs(filters)
  const list = pagedJobs(query)
  const corrected = query.data?.pages[0]?.correctedQuery
  // With nothing searched or narrowed there are no "results": the page is every open opportunity.
  const narrowed = !!(filters.q || filters.category || filters.free || filters.discounted)

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <title>{t('jobs.explore.docTitle')}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {narrowed
          ? query.isPending
            ? t('jobs.search.results')
            : t('jobs.search.resultsCount', { count: countText(list) })
          : t('jobs.explore.title')}
      </h1>
      <SearchBox
        value={filters.q ?? ''}
        label={t('jobs.explore.searchLabel')}
        onSearch={(q) => setFilters({ ...filters, q: q || undefined })}
      />
      <JobFiltersBar filters={filters} onChange={setFilters} />
      <CorrectionNote query={filters.q} corrected={corrected} />
      {narrowed ? <SaveSearch q={filters.q} category={filters.category} /> : null}
      {narrowed ? (
        <JobGrid
          list={list}
          emptyAction={
            <Button variant="outline" onClick={reset}>
              {t('jobs.filters.reset')}
            </Button>
          }
        />
      ) : (
        // Nothing to adjust or reset: an empty marketplace says so.
        <JobGrid
          list={list}
          emptyTitle={t('jobs.explore.emptyTitle')}
          emptyText={t('jobs.explore.emptyText')}
        />
      )}
    </div>
  )
}
