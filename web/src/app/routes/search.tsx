import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { countText, JobGrid, type PagedJobs } from '@/features/jobs/components/job-grid'
import { PostResults } from '@/features/posts/components/post-results'
import { useSearch } from '@/features/search/api/search'
import { PeopleResults } from '@/features/search/components/people-results'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchSuggestions } from '@/features/search/components/search-suggestions'

/**
 * /search?q= — jobs ranked by meaning and spelling-tolerant, then people and posts (first page only) as further
 * sections (spec §2 "Search entry points"). The query lives only in the URL, so leaving the page clears it. Phones
 * search from the top bar.
 */
export function Component() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const q = params.get('q')?.trim() ?? ''
  const query = useSearch(q)
  const pages = query.data?.pages ?? []
  const list: PagedJobs = {
    jobs: pages.flatMap((p) => p.jobs),
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
  const first = pages[0]
  const corrected = first?.correctedQuery
  // People and posts come without highlight ranges: the words typed, and the correction's, are marked in them.
  const marking = `${q} ${corrected ?? ''}`

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <title>{q ? `${q} · Search · Microlance` : 'Search · Microlance'}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {q ? `Search Results${query.isPending ? '' : ` (${countText(list)})`}` : 'Search'}
      </h1>
      {/* Phones have the top bar's box (spec §2); a second one here would only repeat it. */}
      <SearchBox
        value={q}
        autoFocus={!q}
        onSearch={(next) => navigate(paths.search.href(next), { replace: !next })}
        className="hidden md:flex"
      />
      {!q ? (
        <SearchSuggestions />
      ) : (
        <>
          {corrected && corrected.toLowerCase() !== q.toLowerCase() ? (
            <p className="text-sm text-slate-600">
              Showing results for <strong className="font-semibold text-slate-900">{corrected}</strong>
            </p>
          ) : null}
          <section aria-label="Jobs" className="flex flex-col gap-3">
            <JobGrid
              list={list}
              emptyLine={
                first && (first.users.length || first.posts.length) ? `No jobs match “${q}”.` : undefined
              }
            />
          </section>
          {first ? <PeopleResults users={first.users} query={marking} /> : null}
          {first ? <PostResults posts={first.posts} query={marking} /> : null}
        </>
      )}
    </div>
  )
}
