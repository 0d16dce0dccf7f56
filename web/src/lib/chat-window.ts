import { useSyncExternalStore } from 'react'
import { authStore } from './auth-store'

/** Who the app-wide floating chat window is open for (product.md §3), or null when closed. */
export interface ChatWindowTarget {
  userId: string
  jobId?: string
}

let target: ChatWindowTarget | null = null
const listeners = new Set<() => void>()
const set = (t: ChatWindowTarget | null) => {
  target = t
  listeners.forEach((l) => l())
}

// A chat window belongs to the person who opened it: signing out (or in as someone else) closes it, whichever way
// the session ends (Logout, an expired session's 401).
let owner = authStore.getState().user?._id
authStore.subscribe(() => {
  const me = authStore.getState().user?._id
  if (me === owner) return
  owner = me
  if (target) set(null)
})

/** Opens the floating chat window for a user (the _id) and, optionally, the job the talk is about. */
export const openChatWindow = (userId: string, jobId?: string) => set({ userId, jobId })
export const closeChatWindow = () => set(null)
/** Who the window is open for now (what `useChatWindow` renders). */
export const currentChatWindow = () => target

export function useChatWindow(): ChatWindowTarget | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    currentChatWindow,
    () => null,
  )
}
