import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { storeUpdatedUser, type UserAnswer } from './user-answer'

export interface UpdateProfileInput {
  fullname: string
  email: string
  phoneNumber: string
  bio: string
  /** Comma-separated, already trimmed with empties dropped. */
  skills: string
  /** Optional PDF resume. */
  file?: File | null
}

/** POST /user/profile/update (multipart). */
/** The profile's answer: the saved user and the address a change of email waits on, if any (ADR 042). */
export type ProfileAnswer = UserAnswer & { pendingEmail?: string | null }

export async function updateProfile(input: UpdateProfileInput): Promise<ProfileAnswer> {
  const form = new FormData()
  form.append('fullname', input.fullname)
  form.append('email', input.email)
  form.append('phoneNumber', input.phoneNumber)
  form.append('bio', input.bio)
  form.append('skills', input.skills)
  if (input.file) form.append('file', input.file)
  const res = await api.post<ProfileAnswer>('/user/profile/update', form)
  return res.data
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      if (answer.success && answer.user) {
        storeUpdatedUser(queryClient, answer.user)
        queryClient.setQueryData(
          queryKeys.users.pendingEmail(answer.user.userId),
          answer.pendingEmail ?? null,
        )
      }
    },
  })
}
