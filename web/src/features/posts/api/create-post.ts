import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreatePostInput, PostAnswer } from '@common/schemas/post'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** POST /posts/create (product.md §10): the post create payload; the answer's success and message are read. */
export async function createPost(body: CreatePostInput) {
  const res = await api.post<z.infer<typeof PostAnswer>>('/posts/create', body)
  return res.data
}

export function useCreatePost() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.posts.lists() }),
  })
}
