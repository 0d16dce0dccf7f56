import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'

/** GET /user/m/:userId — a public profile (email and phone only when it is the caller's own). */
export async function getUserByUserId(userId: string): Promise<User> {
  const res = await api.get<{ success: boolean; user: User }>(`/user/m/${encodeURIComponent(userId)}`)
  return res.data.user
}

export const userQueryKey = (userId: string) => ['users', userId] as const

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userQueryKey(userId), queryFn: () => getUserByUserId(userId) })

export function useUserProfile(userId: string) {
  return useQuery(userQueryOptions(userId))
}
