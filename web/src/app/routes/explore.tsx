import { Button } from '@/components/ui/button'
import { SaveSearch } from '@/features/alerts'
import { useInfiniteJobs } from '@/features/jobs/api/get-jobs'
import { countText, JobGrid, pagedJobs } from '@/features/jobs/components/job-grid'
import { JobFiltersBar } from '@/features/jobs/components/job-filters'
import { useJobFilters } from '@/features/jobs/hooks/use-job-filters'
import { CorrectionNote } from '@/features/search/components/correction-note'
import { SearchBox } from '@/features/search/components/search-box'

/**
 * /explore — every opportunity as a grid, narrowed by a search and the browser's filters, all in the URL
 * (product.md §3 "Explore"). The search lives only in the URL, so leaving clears it.
 */
export function Component() {
  const { filters, setFilters, reset } = useJobFilters()
  const query = useInfiniteJobs(filters)
  const list = pagedJobs(query)
  const corrected = query.data?.pages[0]?.correctedQuery
  // With nothing searched or narrowed there are no "results": the page is every open opportunity.
  const narrowed = !!(filters.q || filters.category || filters.free || filters.discounted)

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <title>Explore · Microlance</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {narrowed
          ? `Search Results${query.isPending ? '' : ` (${countText(list)})`}`
          : 'Explore opportunities'}
      </h1>
      <SearchBox
        value={filters.q ?? ''}
        label="Search opportunities"
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
              Reset Filters
            </Button>
          }
        />
      ) : (
        // Nothing to adjust or reset: an empty marketplace says so.
        <JobGrid
          list={list}
          emptyTitle="No open opportunities yet"
          emptyText="New jobs appear here as soon as clients post them. Check back soon."
        />
      )}
    </div>
  )
}
