import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { dropPost } from './post-cache'

export function useDeletePost() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (postId: string) => (await api.delete(`/posts/${encodeURIComponent(postId)}`)).data,
    onSuccess: (_d, postId) => {
      dropPost(qc, postId)
      void qc.invalidateQueries({ queryKey: queryKeys.posts.lists() })
    },
  })
}
