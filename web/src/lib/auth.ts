import { useSyncExternalStore } from 'react'
import { authStore, type AuthState } from './auth-store'

/** The current session (product.md §4 "Auth state"), re-rendering when it changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState)
}

/** The signed-in user, or null. */
export function useUser() {
  return useAuth().user
}

export { authStore }
