import { z } from 'zod'
import { JobDto } from './job-answer'
import { PostDto } from './post'
import { UserDto } from './user'

export const SearchQuery = z.object({
  q: z.string().max(200, 'The search is at most 200 characters').optional().default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(600).optional(),
})

/**
 * GET /search?q= (used by /search and /explore). Jobs carry `highlights` as ranges; `correctedQuery` is what was
 * searched after spelling fixes, when it differs from what was typed. `users` and `posts` come with the first page
 * only; posts are shaped exactly as the feed's (GET /posts items).
 */
export const SearchAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    jobs: z.array(JobDto),
    users: z.array(UserDto),
    posts: z.array(PostDto),
    nextCursor: z.string().nullable(),
    correctedQuery: z.string().nullable(),
  }),
})
