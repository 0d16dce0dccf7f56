import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /user/m/:userId — a public profile (email and phone only when it is the caller's own). */
export async function getUserByUserId(userId: string): Promise<User> {
  const res = await api.get<{ success: boolean; user: User }>(`/user/m/${encodeURIComponent(userId)}`)
  return res.data.user
}

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.users.detail(userId), queryFn: () => getUserByUserId(userId) })

export function useUserProfile(userId: string) {
  return useQuery(userQueryOptions(userId))
}
