import { z } from 'zod'
import { JobListQuery } from '@common/schemas/job'
import type { SearchAnswer } from '@common/schemas/search'
import type { Db } from '../../db/client'
import type { RawJson } from '../../lib/raw-json'
import type { UserRow } from '../../db/schema'
import type { JobsService } from '../jobs/jobs.service'
import { presentPost } from '../posts/posts.presenter'
import { postsRepo } from '../posts/posts.repo'
import { presentUser } from '../users/users.presenter'
import type { QueryParser } from './search.query'
import { searchRepo } from './search.repo'

const PEOPLE_LIMIT = 10
const POSTS_LIMIT = 10

/** One search over jobs, people and posts (GET /search?q=, used by /search and /explore). */
export function searchService(deps: { db: Db; jobs: JobsService; parser: QueryParser }) {
  return {
    async everything(
      viewer: UserRow | null,
      q: { q: string; limit: number; cursor?: string },
    ): Promise<Omit<z.infer<typeof SearchAnswer>['data'], 'jobs'> & { jobs: RawJson[] }> {
      const text = q.q.trim()
      const parsed = text ? await deps.parser.parse(text) : undefined
      const query = JobListQuery.parse({ q: text, sort: 'relevant', limit: q.limit, cursor: q.cursor })
      // People and posts come with the first page only; later pages are more jobs. The three reads are independent,
      // so on PostgreSQL they run side by side on separate connections (PGlite takes them in turn).
      const first = parsed && !q.cursor
      const viewerId = viewer?.id ?? null
      const [list, people, posts] = await Promise.all([
        deps.jobs.list(viewer, query, parsed),
        first ? searchRepo.people(deps.db, parsed.strict, parsed.raw, PEOPLE_LIMIT) : [],
        // Posts as the feed shows them (GET /posts items), likedByMe and isMine for this viewer.
        first && parsed.strict ? postsRepo.matching(deps.db, parsed.strict, viewerId, POSTS_LIMIT) : [],
      ])
      return {
        jobs: list.jobs,
        users: people.map((u) => presentUser(u, viewer)),
        posts: posts.map((p) => presentPost(p, viewerId)),
        nextCursor: list.nextCursor,
        correctedQuery: list.correctedQuery,
      }
    },
  }
}
export type SearchService = ReturnType<typeof searchService>
