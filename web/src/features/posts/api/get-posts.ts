import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PostDtoT, PostsPage } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { useAuth } from '@/lib/auth'
import { queryKeys } from '@/lib/query-keys'

export type Post = PostDtoT
export type PostsPageData = z.infer<typeof PostsPage>['data']
export type PostsData = InfiniteData<PostsPageData, string | null>

/** Which list: the whole feed, the caller's own (My Posts), or one person's (their profile). */
export type PostsScope = { kind: 'feed' } | { kind: 'mine' } | { kind: 'user'; userId: string }

const pathOf = (scope: PostsScope) =>
  scope.kind === 'feed'
    ? '/posts'
    : scope.kind === 'mine'
      ? '/posts/mine'
      : `/posts/user/${encodeURIComponent(scope.userId)}`

export async function getPosts(scope: PostsScope, cursor: string | null, signal?: AbortSignal) {
  const res = await api.get<z.infer<typeof PostsPage>>(pathOf(scope), {
    params: cursor ? { cursor } : {},
    signal,
  })
  return res.data.data
}

export const postsQueryOptions = (viewerId: string | null, scope: PostsScope) =>
  infiniteQueryOptions({
    // Every posts list lives under one prefix, so a change to one post can be written into all of them.
    queryKey: queryKeys.posts.list(viewerId, scope),
    queryFn: ({ pageParam, signal }) => getPosts(scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })

export function usePosts(scope: PostsScope) {
  const { user } = useAuth()
  return useInfiniteQuery(postsQueryOptions(user?._id ?? null, scope))
}
