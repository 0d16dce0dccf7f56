import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { SaveSearch } from '@/features/alerts'
import { paths } from '@/config/paths'
import { countText, JobGrid, pagedJobs } from '@/features/jobs/components/job-grid'
import { PostResults } from '@/features/posts/components/post-results'
import { useSearch } from '@/features/search/api/search'
import { CorrectionNote } from '@/features/search/components/correction-note'
import { PeopleResults } from '@/features/search/components/people-results'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchSuggestions } from '@/features/search/components/search-suggestions'
import { useT } from '@/i18n'

const JOBS_ID = 'search-jobs'
const PEOPLE_ID = 'search-people'
const POSTS_ID = 'search-posts'

/** 'Jobs (20+) · People (3) · Posts (2)': each scrolls its section into view and moves the focus there. */
function SectionLinks({ links }: { links: (readonly [label: string, count: string, id: string])[] }) {
  const t = useT()
  return (
    <nav aria-label={t('jobs.search.sections')} className="-mt-1 flex flex-wrap gap-2">
      {links.map(([label, count, id]) => (
        <a
          key={id}
          href={`#${id}`}
          onClick={(e) => {
            e.preventDefault()
            const target = document.getElementById(id)
            if (!target) return
            const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
            target.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' })
            target.focus({ preventScroll: true })
          }}
          className="rounded-full border bg-background px-3 py-1 text-sm text-slate-700 outline-none hover:border-slate-300 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring"
        >
          {label} <span className="text-muted-foreground">({count})</span>
        </a>
      ))}
    </nav>
  )
}

/**
 * /search?q= — jobs ranked by meaning and spelling-tolerant, then people and posts (first page only) as further
 * sections (product.md §3 "Search entry points"). The query lives only in the URL, so leaving the page clears it.
 * Phones search from the top bar.
 */
export function Component() {
  const t = useT()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const q = params.get('q')?.trim() ?? ''
  const query = useSearch(q)
  const list = pagedJobs(query)
  const first = query.data?.pages[0]
  const people = first?.users.length ?? 0
  const posts = first?.posts.length ?? 0
  const corrected = first?.correctedQuery
  // People and posts come without highlight ranges: the words typed, and the correction's, are marked in them.
  const marking = `${q} ${corrected ?? ''}`

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <title>{q ? t('jobs.search.docTitleQuery', { q }) : t('jobs.search.docTitle')}</title>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {!q
          ? t('jobs.search.title')
          : query.isPending
            ? t('jobs.search.results')
            : t('jobs.search.resultsCount', { count: countText(list) })}
      </h1>
      {/* Phones have the top bar's box (product.md §3); a second one here would only repeat it. */}
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
          <CorrectionNote query={q} corrected={corrected} />
          <SaveSearch q={q} />
          {list.jobs.length && (people || posts) ? (
            <SectionLinks
              links={[
                [t('jobs.search.jobs'), countText(list), JOBS_ID],
                ...(people ? [[t('jobs.search.people'), String(people), PEOPLE_ID] as const] : []),
                ...(posts ? [[t('jobs.search.posts'), String(posts), POSTS_ID] as const] : []),
              ]}
            />
          ) : null}
          <section
            id={JOBS_ID}
            tabIndex={-1}
            aria-label={t('jobs.search.jobs')}
            className="flex scroll-mt-4 flex-col gap-3 outline-none"
          >
            <JobGrid
              list={list}
              emptyLine={people || posts ? t('jobs.search.noJobsMatch', { q }) : undefined}
              // This page has no filters: the empty state speaks of the words searched.
              emptyTitle={t('jobs.search.nothingFound', { q })}
              emptyText={t('jobs.search.emptyText')}
              emptyAction={
                <Button asChild variant="outline">
                  <Link to={paths.explore.href()}>{t('jobs.search.browseAll')}</Link>
                </Button>
              }
              // People and posts stand below the jobs: scrolling to them must not pull in more jobs above them.
              autoLoad={!people && !posts}
            />
          </section>
          {first ? <PeopleResults id={PEOPLE_ID} users={first.users} query={marking} /> : null}
          {first ? <PostResults id={POSTS_ID} posts={first.posts} query={marking} /> : null}
        </>
      )}
    </div>
  )
}
