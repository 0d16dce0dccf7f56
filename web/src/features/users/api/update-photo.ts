import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { storeUpdatedUser, type UserAnswer } from './user-answer'

/** PUT /user/profile (multipart): the name and an optional new photo, from the profile popover. */
export async function updateNameAndPhoto(input: {
  fullname: string
  profilePhoto?: File | null
}): Promise<UserAnswer> {
  const form = new FormData()
  form.append('fullname', input.fullname)
  if (input.profilePhoto) form.append('profilePhoto', input.profilePhoto)
  const res = await api.put<UserAnswer>('/user/profile', form)
  return res.data
}

export function useUpdateNameAndPhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateNameAndPhoto,
    onSuccess: (answer) => {
      if (answer.success && answer.user) storeUpdatedUser(queryClient, answer.user)
    },
  })
}
