import { CATEGORIES, type Category } from '@common/categories'
import { STATES, UNION_TERRITORIES } from '@common/locations'
import type { JobSort } from '@common/schemas/job'
import { t, type MessageKey, type Translate } from '@/i18n'

/** The job browser's view as it lives in the URL, so a link reproduces it (product.md §3 "Job browser"). */
export interface JobFilters {
  category?: Category
  free: boolean
  discounted: boolean
  sort: JobSort
  /** The state "Closest" sorts by; unset = Remote first. */
  state?: string
  /** Free text (Explore); the job list's `keyword`. */
  q?: string
}

/**
 * The sorts GET /job/get takes (common/schemas/job.ts JOB_SORTS; a test keeps them equal). Not imported from
 * there: that module brings zod, which would triple the size of the job browser's chunk.
 */
export const JOB_SORTS = ['relevant', 'newest', 'closest'] as const satisfies readonly JobSort[]

/** The sorts' names in the catalogues: Most Relevant, Newest, Closest. */
export const SORT_KEYS: Record<JobSort, MessageKey> = {
  relevant: 'jobs.sort.relevant',
  newest: 'jobs.sort.newest',
  closest: 'jobs.sort.closest',
}

/** The ten categories' names in the catalogues (the API and the URL keep the English values). */
const CATEGORY_KEYS: Record<Category, MessageKey> = {
  Internships: 'jobs.category.Internships',
  Jobs: 'jobs.category.Jobs',
  Competitions: 'jobs.category.Competitions',
  Mentorship: 'jobs.category.Mentorship',
  Courses: 'jobs.category.Courses',
  Practice: 'jobs.category.Practice',
  Scholarships: 'jobs.category.Scholarships',
  Articles: 'jobs.category.Articles',
  Conferences: 'jobs.category.Conferences',
  Workshops: 'jobs.category.Workshops',
}

/** A category as the reader's language names it; one the list does not know, as it is. */
export const categoryLabel = (category: string, tr: Translate = t) =>
  isCategory(category) ? tr(CATEGORY_KEYS[category]) : category

/** Where a job is: a state's or territory's name as it is, 'Remote' in the reader's language. */
export const placeLabel = (place: string, tr: Translate = t) =>
  place === 'Remote' ? tr('jobs.remote') : place

const isCategory = (v: string | null): v is Category => !!v && (CATEGORIES as readonly string[]).includes(v)
const isSort = (v: string | null): v is JobSort => !!v && (JOB_SORTS as readonly string[]).includes(v)
/** The 28 states and 8 union territories, in that order: what "Closest" can sort by. */
export const REGIONS: readonly string[] = [...STATES, ...UNION_TERRITORIES]
const isState = (v: string | null): v is string => !!v && REGIONS.includes(v)
const flag = (v: string | null) => v === '1' || v === 'true'

/** Reads filters from search params, ignoring anything unknown (a hand-edited link never breaks the page). */
export function filtersFromParams(params: URLSearchParams): JobFilters {
  const category = params.get('category')
  const sort = params.get('sort')
  const state = params.get('state')
  const q = params.get('q')?.trim()
  return {
    category: isCategory(category) ? category : undefined,
    free: flag(params.get('free')),
    discounted: flag(params.get('discounted')),
    sort: isSort(sort) ? sort : 'relevant',
    state: isState(state) ? state : undefined,
    q: q || undefined,
  }
}

/** Writes filters into `params` (a copy), leaving defaults out so links stay short. Other params are kept. */
export function paramsWithFilters(params: URLSearchParams, filters: JobFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key))
  set('category', filters.category)
  set('free', filters.free ? '1' : undefined)
  set('discounted', filters.discounted ? '1' : undefined)
  set('sort', filters.sort === 'relevant' ? undefined : filters.sort)
  set('state', filters.sort === 'closest' ? filters.state : undefined)
  set('q', filters.q)
  return next
}

/** True when any filter differs from the defaults (the empty state then offers Reset Filters). */
export function hasActiveFilters(f: JobFilters): boolean {
  return !!(f.category || f.free || f.discounted || f.sort !== 'relevant' || f.state || f.q)
}

/** The query string GET /job/get takes for these filters. */
export function apiParams(f: JobFilters): Record<string, string> {
  const out: Record<string, string> = { sort: f.sort }
  if (f.category) out.category = f.category
  if (f.free) out.free = 'true'
  if (f.discounted) out.discounted = 'true'
  if (f.sort === 'closest' && f.state) out.state = f.state
  if (f.q) out.keyword = f.q
  return out
}

/**
 * The API path of the list's first page for these filters, as the server names it when it sends that page inside
 * `/` (server/plugins/web-app.ts FIRST_ANSWERS: `/job/get?sort=relevant` for the default filters).
 */
export const firstPagePath = (f: JobFilters) => `/job/get?${new URLSearchParams(apiParams(f)).toString()}`
