import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { storeUpdatedUser, type UserAnswer } from './user-answer'

/** POST /user/update-skills {skills} (the client adds the bearer token). */
export async function updateSkills(skills: string[]): Promise<UserAnswer> {
  const res = await api.post<UserAnswer>('/user/update-skills', { skills })
  return res.data
}

export function useUpdateSkills() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSkills,
    onSuccess: (answer) => {
      if (answer.success && answer.user) storeUpdatedUser(queryClient, answer.user)
    },
  })
}
