import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'
import { authStore, useAuth } from '@/lib/auth'
import { httpStatus } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'

export async function getMe(): Promise<User> {
  const res = await api.get<{ success: boolean; user: User }>('/user/me')
  return res.data.user
}

/**
 * Confirms on load that the restored user is still signed in: a fresh copy replaces the stored one,
 * and a 401 clears the local session.
 */
export function useSessionCheck() {
  const { user } = useAuth()
  const userId = user?.userId
  const query = useQuery({
    queryKey: queryKeys.session(userId),
    queryFn: getMe,
    enabled: Boolean(userId),
    staleTime: Infinity,
    retry: false,
  })

  useEffect(() => {
    if (query.data && query.data.userId === authStore.getState().user?.userId) authStore.setUser(query.data)
  }, [query.data])

  useEffect(() => {
    if (query.error && httpStatus(query.error) === 401) authStore.logout()
  }, [query.error])
}
