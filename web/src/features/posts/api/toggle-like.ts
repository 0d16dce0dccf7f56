import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { LikeAnswer } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { patchPost } from './post-cache'

/** POST /posts/:id/like toggles; the heart flips at once and settles on the server's count. */
export function useToggleLike() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (postId: string) =>
      (await api.post<z.infer<typeof LikeAnswer>>(`/posts/${encodeURIComponent(postId)}/like`)).data,
    onMutate: (postId) => {
      patchPost(qc, postId, (p) => ({
        ...p,
        likedByMe: !p.likedByMe,
        likeCount: Math.max(0, p.likeCount + (p.likedByMe ? -1 : 1)),
      }))
    },
    onSuccess: (data, postId) => {
      patchPost(qc, postId, (p) => ({ ...p, likedByMe: data.liked, likeCount: data.likeCount }))
    },
    onError: (_e, postId) => {
      patchPost(qc, postId, (p) => ({
        ...p,
        likedByMe: !p.likedByMe,
        likeCount: Math.max(0, p.likeCount + (p.likedByMe ? -1 : 1)),
      }))
    },
  })
}
