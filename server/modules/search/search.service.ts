import { z } from 'zod'
import { JobListQuery } from '@common/schemas/job'
import type { SearchAnswer } from '@common/schemas/search'
import type { Db } from '../../db/client'
import type { RawJson } from '../../lib/raw-json'
import type { UserRow } from '../../db/schema'
import type { JobsService } from '../jobs/jobs.service'
import type { QueryParser } from './search.query'
import { preparedSearchExtras } from './search.repo'

const PEOPLE_LIMIT = 10
const POSTS_LIMIT = 10

interface Extras {
  users: z.infer<typeof SearchAnswer>['data']['users']
  posts: z.infer<typeof SearchAnswer>['data']['posts']
}

/** One search over jobs, people and posts (GET /search?q=, used by /search and /explore). */
export function searchService(deps: { db: Db; jobs: JobsService; parser: QueryParser }) {
  const extras = preparedSearchExtras(deps.db)
  return {
    async everything(
      viewer: UserRow | null,
      q: { q: string; limit: number; cursor?: string },
    ): Promise<Omit<z.infer<typeof SearchAnswer>['data'], 'jobs'> & { jobs: RawJson[] }> {
      const text = q.q.trim()
      const parsed = text ? await deps.parser.parse(text) : undefined
      const query = JobListQuery.parse({ q: text, sort: 'relevant', limit: q.limit, cursor: q.cursor })
      // People and posts come with the first page only; later pages are more jobs. The database writes them as the
      // answer shows them, in one statement beside the jobs' (on PostgreSQL on a connection of its own).
      const [list, found] = await Promise.all([
        deps.jobs.list(viewer, query, parsed),
        parsed && !q.cursor
          ? extras(viewer, parsed, { people: PEOPLE_LIMIT, posts: POSTS_LIMIT }).then(
              (t) => JSON.parse(t) as Extras,
            )
          : { users: [], posts: [] },
      ])
      return {
        jobs: list.jobs,
        users: found.users,
        posts: found.posts,
        nextCursor: list.nextCursor,
        correctedQuery: list.correctedQuery,
      }
    },
  }
}
export type SearchService = ReturnType<typeof searchService>
