import type { QueryClient } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { authStore } from '@/lib/auth-store'
import { queryKeys } from '@/lib/query-keys'

/** The answer of every call that changes the signed-in user. */
export interface UserAnswer {
  success: boolean
  message?: string
  user: User
}

/**
 * product.md §5 "Profile edit": on success the session user and its stored copy are updated (and the cached profile).
 */
export function storeUpdatedUser(queryClient: QueryClient, user: User) {
  if (authStore.getState().user?.userId === user.userId) authStore.setUser(user)
  queryClient.setQueryData(queryKeys.users.detail(user.userId), user)
}
