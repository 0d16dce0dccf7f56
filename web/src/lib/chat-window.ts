import { useSyncExternalStore } from 'react'

/** Who the app-wide floating chat window is open for (spec §2 Chat), or null when closed. */
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

/** Opens the floating chat window for a user (the _id) and, optionally, the job the talk is about. */
export const openChatWindow = (userId: string, jobId?: string) => set({ userId, jobId })
export const closeChatWindow = () => set(null)

export function useChatWindow(): ChatWindowTarget | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => target,
    () => null,
  )
}
