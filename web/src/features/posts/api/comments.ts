import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CommentAnswer, CommentDtoT, CommentsPage } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { withNewComment } from '../lib/comment-pages'
import { patchPost } from './post-cache'

export type Comment = CommentDtoT
type Page = z.infer<typeof CommentsPage>['data']

/** GET /posts/:id/comments, oldest first, loaded when the comments are opened. */
export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.posts.comments(postId),
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.get<z.infer<typeof CommentsPage>>(`/posts/${encodeURIComponent(postId)}/comments`, {
          params: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
          signal,
        })
      ).data.data,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  })
}

export function useAddComment(postId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (content: string) =>
      (
        await api.post<z.infer<typeof CommentAnswer>>(`/posts/${encodeURIComponent(postId)}/comments`, {
          content,
        })
      ).data,
    onSuccess: (data) => {
      patchPost(qc, postId, (p) => ({ ...p, commentCount: data.commentCount }))
      qc.setQueryData<InfiniteData<Page, string | null>>(queryKeys.posts.comments(postId), (d) =>
        d ? withNewComment(d, data.comment) : d,
      )
    },
  })
}

export function useDeleteComment(postId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (commentId: string) =>
      (
        await api.delete<{ success: true; commentCount: number }>(
          `/posts/comments/${encodeURIComponent(commentId)}`,
        )
      ).data,
    onSuccess: (data, commentId) => {
      patchPost(qc, postId, (p) => ({ ...p, commentCount: data.commentCount }))
      qc.setQueryData<InfiniteData<Page, string | null>>(queryKeys.posts.comments(postId), (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({ ...p, comments: p.comments.filter((c) => c._id !== commentId) })),
            }
          : d,
      )
    },
  })
}
