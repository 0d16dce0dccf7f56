import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SelfRole } from '@common/roles'
import { api } from '@/lib/api-client'
import { storeUpdatedUser, type UserAnswer } from './user-answer'

/** POST /user/role {role}: freelancer ↔ client. */
export async function switchRole(role: SelfRole): Promise<UserAnswer> {
  const res = await api.post<UserAnswer>('/user/role', { role })
  return res.data
}

export function useSwitchRole() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: switchRole,
    onSuccess: (answer) => {
      if (answer.success && answer.user) storeUpdatedUser(queryClient, answer.user)
    },
  })
}
