import type { QueryClient } from '@tanstack/react-query'
import type { Post, PostsData } from './get-posts'

/** Writes a change to one post into every cached posts list (feed, My Posts, profiles). */
export function patchPost(qc: QueryClient, postId: string, patch: (p: Post) => Post) {
  qc.setQueriesData<PostsData>({ queryKey: ['posts', 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((p) => (p._id === postId ? patch(p) : p)),
          })),
        }
      : data,
  )
}

/** Removes a post from every cached list. */
export function dropPost(qc: QueryClient, postId: string) {
  qc.setQueriesData<PostsData>({ queryKey: ['posts', 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, posts: page.posts.filter((p) => p._id !== postId) })),
        }
      : data,
  )
}
