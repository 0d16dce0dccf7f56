import { useEffect, useSyncExternalStore } from 'react'
import { io, type Socket } from 'socket.io-client'
import { SOCKET_CLIENT, type ClientToServerEvents, type ServerToClientEvents } from '@common/events'
import { api } from './api-client'
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
 * product.md §14 "Socket": connected while someone is signed in — credentials (the session cookie) plus the bearer
 * token when one is stored — and the user joins the room of their own _id; disconnected on logout or unmount. Timing
 * from product.md §13. Mounted once, by the app layout.
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
    // The server closes the sockets of a session it ended (a logout elsewhere, an email change that signs out every
    // other device): ask whether this session still stands; a 401 signs this tab out at once (api-client).
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void api.get('/user/me').catch(() => {})
    })
    setCurrent(socket)
    return () => {
      socket.disconnect()
      setCurrent(null)
    }
  }, [userId, token])
}

/**
 * Runs `onResync` on every connect that did not restore the previous session: the first connect (data fetched before
 * the socket joined its room can miss an event sent in between) and a reconnect the server could not restore (away
 * too long, or the server restarted without Redis). A restored session is handed everything its rooms got meanwhile,
 * including while its handshake was in progress (ADR 032), so it refetches nothing — which keeps thousands of clients
 * coming back at once from all refetching at once.
 */
export function onResyncNeeded(
  socket: Pick<AppSocket, 'on' | 'off' | 'recovered'>,
  onResync: () => void,
): () => void {
  const onConnect = () => {
    if (!socket.recovered) onResync()
  }
  socket.on('connect', onConnect)
  return () => {
    socket.off('connect', onConnect)
  }
}

export function useSocketResync(onResync: () => void): void {
  const socket = useSocket()
  useEffect(() => (socket ? onResyncNeeded(socket, onResync) : undefined), [socket, onResync])
}
