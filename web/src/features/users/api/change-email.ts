import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { storeUpdatedUser, type UserAnswer } from './user-answer'

/** GET /user/me → `pendingEmail`: a change that waits for its code, or null. */
export function usePendingEmail(userId: string) {
  return useQuery({
    queryKey: queryKeys.users.pendingEmail(userId),
    queryFn: async () =>
      (await api.get<{ success: boolean; user: User; pendingEmail: string | null }>('/user/me')).data
        .pendingEmail ?? null,
  })
}

/** POST /user/email/change: mails a code to the new address (a resend asks again for the same one). */
export function useStartEmailChange(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (email: string) =>
      (
        await api.post<{ success: boolean; message: string; pendingEmail: string }>('/user/email/change', {
          email,
        })
      ).data,
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.users.pendingEmail(userId), answer.pendingEmail),
  })
}

/** POST /user/email/confirm: the code makes the new address the sign-in email and signs out other devices. */
export function useConfirmEmailChange(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (code: string) => (await api.post<UserAnswer>('/user/email/confirm', { code })).data,
    onSuccess: (answer) => {
      storeUpdatedUser(queryClient, answer.user)
      queryClient.setQueryData(queryKeys.users.pendingEmail(userId), null)
    },
  })
}

/** DELETE /user/email/change: the waiting change is dropped; the code mailed for it stops working. */
export function useCancelEmailChange(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      (await api.delete<{ success: boolean; message: string }>('/user/email/change')).data,
    onSuccess: () => queryClient.setQueryData(queryKeys.users.pendingEmail(userId), null),
  })
}
