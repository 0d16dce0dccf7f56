import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { Post } from './get-posts'

/** Any cached paged answer that carries posts: the posts lists, and search results (`data.posts`). */
type WithPosts = InfiniteData<{ posts: Post[] }, unknown>

/**
 * Every cache holding posts: the posts lists and the search results (the search feature reads those; features do not
 * import each other, so only the `posts` of its pages are touched here).
 */
const HOLDERS = [queryKeys.posts.lists(), queryKeys.search.all] as const

function mapPosts(qc: QueryClient, fn: (posts: Post[]) => Post[]) {
  for (const queryKey of HOLDERS)
    qc.setQueriesData<WithPosts>({ queryKey }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => (page.posts ? { ...page, posts: fn(page.posts) } : page)),
          }
        : data,
    )
}

/** Writes a change to one post into every cached posts list (feed, My Posts, profiles) and search result. */
export function patchPost(qc: QueryClient, postId: string, patch: (p: Post) => Post) {
  mapPosts(qc, (posts) => posts.map((p) => (p._id === postId ? patch(p) : p)))
}

/** Removes a post from every cached list and search result. */
export function dropPost(qc: QueryClient, postId: string) {
  mapPosts(qc, (posts) => posts.filter((p) => p._id !== postId))
}
