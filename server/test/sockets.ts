import type { FastifyInstance } from 'fastify'
import { io as connectClient, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '@common/events'
import type { Session } from './helpers'

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** Listens on a free local port (once) and returns the base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * A real socket.io-client connection as `s` (bearer `auth.token`, or the session cookie with `via: 'cookie'`).
 * Resolves once connected; rejects with the server's refusal.
 */
export function connectAs(
  url: string,
  s: Session | null,
  opts: { via?: 'token' | 'cookie'; origin?: string; reconnection?: boolean } = {},
): Promise<ClientSocket> {
  const headers: Record<string, string> = {}
  if (s && opts.via === 'cookie') headers.cookie = `token=${s.token}`
  if (opts.origin) headers.origin = opts.origin
  const socket: ClientSocket = connectClient(url, {
    transports: ['websocket'],
    auth: s && opts.via !== 'cookie' ? { token: s.token } : {},
    extraHeaders: headers,
    reconnection: opts.reconnection ?? false,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
  })
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      socket.off('connect', onConnect)
      socket.close()
      reject(e)
    }
    const onConnect = () => {
      socket.off('connect_error', onError)
      resolve(socket)
    }
    socket.once('connect', onConnect)
    socket.once('connect_error', onError)
  })
}

/** Collects every `event` a socket receives, with a way to await the n-th. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const got: Parameters<ServerToClientEvents[E]>[0][] = []
  const waiters: { n: number; resolve: () => void }[] = []
  socket.on(event as any, (payload: any) => {
    got.push(payload)
    for (const w of [...waiters]) if (got.length >= w.n) w.resolve()
  })
  return {
    got,
    /** Resolves when at least `n` have arrived. */
    until(n: number): Promise<typeof got> {
      if (got.length >= n) return Promise.resolve(got)
      return new Promise((resolve) => waiters.push({ n, resolve: () => resolve(got) }))
    },
  }
}

/** A round trip on the socket: every event the server sent before answering has arrived once this resolves. */
export async function roundTrip(socket: ClientSocket, userId: string): Promise<void> {
  await socket.emitWithAck('join', userId)
}

/** A client of a bare Socket.IO server, in `room` (sent as `auth.room`), collecting the texts of its `m` events. */
export async function roomClient(url: string, room: string) {
  const got: string[] = []
  const sock = connectClient(url, { transports: ['websocket'], auth: { room }, reconnection: false })
  sock.on('m', (text: string) => got.push(text))
  await new Promise<void>((r) => sock.once('connect', () => r()))
  return { sock, got }
}
