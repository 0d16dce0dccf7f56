import { useEffect, useSyncExternalStore } from 'react'
import { io, type Socket } from 'socket.io-client'
import { SOCKET_CLIENT, type ClientToServerEvents, type ServerToClientEvents } from '@common/events'
import { useAuth } from './auth'

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

let current: AppSocket | null = null
const listeners = new Set<() => void>()
const setCurrent = (s: AppSocket | null) => {
  current = s
  listeners.forEach((l) => l())
}

/** The signed-in user's socket, or null when signed out (re-renders when it changes). */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
    () => null,
  )
}

/**
 * Spec §4 "Socket": connected while someone is signed in — credentials (the session cookie) plus the bearer token
 * when one is stored — and the user joins the room of their own _id; disconnected on logout or unmount.
 * Timing from spec §9. Mounted once, by the app layout.
 */
export function useSocketConnection(): void {
  const { user, token } = useAuth()
  const userId = user?._id ?? null
  useEffect(() => {
    if (!userId) return
    const socket: AppSocket = io({
      withCredentials: true,
      auth: token ? { token } : {},
      timeout: SOCKET_CLIENT.timeout,
      reconnectionDelay: SOCKET_CLIENT.reconnectionDelay,
      reconnectionDelayMax: SOCKET_CLIENT.reconnectionDelayMax,
      randomizationFactor: SOCKET_CLIENT.randomizationFactor,
      reconnectionAttempts: SOCKET_CLIENT.reconnectionAttempts,
    })
    socket.on('connect', () => socket.emit('join', userId))
    setCurrent(socket)
    return () => {
      socket.disconnect()
      setCurrent(null)
    }
  }, [userId, token])
}

/**
 * Runs `onResync` on every (re)connect of the socket, recovered or not. Data fetched before the socket first joined
 * its room can miss an event sent in between; a client away too long is not replayed what it missed; and even a
 * recovered session can miss an event published while the server restored it (seen in the two-process restart
 * test, ADR 013). A refetch on each connect is cheap and closes all three.
 */
export function useSocketResync(onResync: () => void): void {
  const socket = useSocket()
  useEffect(() => {
    if (!socket) return
    socket.on('connect', onResync)
    return () => {
      socket.off('connect', onResync)
    }
  }, [socket, onResync])
}
