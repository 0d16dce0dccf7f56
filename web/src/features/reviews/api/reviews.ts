import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  ContractReviewsAnswer,
  ProfileAnswer,
  ReviewAnswer,
  ReviewBodyType,
  UserReviewsAnswer,
} from '@common/schemas/review'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /contracts/:id/reviews — the reader's review, the other side's once visible, the window. */
export const contractReviewsQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.ofContract(contractId),
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof ContractReviewsAnswer>>(
          `/contracts/${encodeURIComponent(contractId)}/reviews`,
          { signal },
        )
      ).data.reviews,
  })

export const useContractReviews = (contractId: string) =>
  useQuery({ ...contractReviewsQueryOptions(contractId), enabled: !!contractId })

/** POST /contracts/:id/review — once per side; the answer is the section's new state. */
export function useWriteReview(contractId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ReviewBodyType) =>
      (
        await api.post<z.infer<typeof ReviewAnswer>>(
          `/contracts/${encodeURIComponent(contractId)}/review`,
          body,
        )
      ).data,
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.reviews.ofContract(contractId), answer.reviews),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  })
}

/** A profile's facts (GET /user/m/:userId carries them as `reputation`). */
export const useReputation = (userId: string) =>
  useQuery({
    queryKey: queryKeys.reviews.reputation(userId),
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof ProfileAnswer>>(`/user/m/${encodeURIComponent(userId)}`, { signal })).data
        .reputation ?? null,
    enabled: !!userId,
  })

/** GET /user/:id/reviews — the visible reviews about a person. */
export const useUserReviews = (userId: string) =>
  useQuery({
    queryKey: queryKeys.reviews.ofUser(userId),
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof UserReviewsAnswer>>(`/user/${encodeURIComponent(userId)}/reviews`, {
          signal,
        })
      ).data.reviews,
    enabled: !!userId,
  })
