import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { Server, type Socket } from 'socket.io'
import { z } from 'zod'
import type { ClientToServerEvents, PublishedEvents, ServerToClientEvents } from '@common/events'
import { SESSION } from '@common/limits'
import type { UserRow } from '../db/schema'
import { AppError } from '../errors'
import { sha256 } from '../lib/crypto'
import { eventDrop } from '../lib/cache-tags'
import type { ReadCache } from '../lib/read-cache'
import type { SessionStore } from '../modules/auth/sessions.repo'
import type { ChatService } from '../modules/chat/chat.service'
import { attachPublisher, type Publish } from './bus'
import { createLocalAdapter } from './local-adapter'
import { socketLimiter } from './rate-limit'
import { handOverMissed } from './pending-restores'
import { DEFAULT_LANGUAGE, type Language } from '@common/languages'
import { localize } from '../i18n'
import { createStreamsAdapter } from './streams-adapter'

interface SocketData {
  userId: string
  tokenHash: string
  /** The language the person reads, for refusals sent to this socket (ADR 069). */
  language?: Language
}
/** Between instances, through the adapter's stream — in order with the rooms' broadcasts. */
interface ServerSideEvents {
  /** The tags of the answers a write dropped (ADR 052). */
  readCacheDrop: (drop: readonly string[]) => void
}
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>

const USER_ROOM = 'user:'
export const userRoom = (id: string) => `${USER_ROOM}${id}`
/** Every socket opened with one session, so logging that session out can close them on any instance. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`

export interface RealtimeOptions {
  sessions: SessionStore
  chat: ChatService
  /** Dropped before every event is delivered, here and on every instance (ADR 025). */
  readCache?: ReadCache
  redis?: Redis
  /** Prefix of the Redis stream, channels and session keys (instances that must meet share it). */
  prefix: string
  /** How long a dropped client may come back and get what it missed. */
  recoveryMs?: number
  /** How many of the newest broadcasts each instance keeps for restoring sessions (ADR 023, ADR 030, ADR 033). */
  recoveryLogSize: number
}

const uuid = z.string().uuid()

/**
 * A socket remembers whom it may signal typing to (a conversation or a shared job, `ChatService.linked`): a yes for a
 * while, since a link is not undone; a no briefly, since a first message makes one; at most so many people at once.
 */
const TYPING_LINK_YES_MS = 10 * 60_000
const TYPING_LINK_NO_MS = 5_000
const TYPING_LINKS_MAX = 200

/**
 * A connection of the adapter's own, whose fire-and-forget commands (SUBSCRIBE, heartbeat PUBLISH, a dropped socket's
 * session SET) cannot surface as unhandled rejections when the process shuts down while they are in flight.
 */
export function adapterClient(redis: Redis): Redis {
  const quiet = (c: Redis) => {
    // `set`: the adapter saves each dropped socket's session without waiting for the answer; at shutdown the sockets
    // drop as the connection closes.
    for (const name of ['subscribe', 'publish', 'set'] as const) {
      const original = c[name].bind(c) as (...args: unknown[]) => Promise<unknown>
      ;(c as any)[name] = (...args: unknown[]) => {
        const p = original(...args)
        p.catch(() => {})
        return p
      }
    }
    c.on('error', () => {})
    return c
  }
  // Its XADDs (one per message) made in one turn of the event loop go out as one write (ADR 023); the connections
  // it opens for itself (the blocking XREAD, SUBSCRIBE) send one command at a time anyway.
  const client = quiet(redis.duplicate({ enableAutoPipelining: true }))
  const duplicate = client.duplicate.bind(client)
  client.duplicate = ((override?: Parameters<Redis['duplicate']>[0]) =>
    quiet(duplicate({ enableAutoPipelining: false, ...override }))) as Redis['duplicate']
  return client
}

/** The people a broadcast's rooms are for. */
const usersIn = (rooms: readonly string[]) =>
  rooms.filter((r) => r.startsWith(USER_ROOM)).map((r) => r.slice(USER_ROOM.length))

/** The people a published event is for: the users whose rooms `route` sends it to. */
function usersOf<E extends keyof PublishedEvents>(event: E, p: PublishedEvents[E]): string[] {
  switch (event) {
    case 'receiveMessage': {
      const m = (p as PublishedEvents['receiveMessage']).message
      return [m.sender._id, m.receiver]
    }
    case 'messagesRead': {
      const r = p as PublishedEvents['messagesRead']
      return [r.readerId, r.senderId]
    }
    default:
      return [(p as { userId: string }).userId]
  }
}

/** Where each published event goes: only realtime/ maps events to rooms. */
function route<E extends keyof PublishedEvents>(io: RealtimeServer, event: E, p: PublishedEvents[E]) {
  switch (event) {
    case 'receiveMessage': {
      const { message: m, exceptSocket } = p as PublishedEvents['receiveMessage']
      // One emit to the union of both rooms: a socket is in one of them, and gets the message once — except the socket
      // that sent it, which has it in its ack.
      if (m.offPlatform) {
        // Only the receiver is shown the off-platform notice (ADR 056): the sender's other tabs get it without.
        io.to(userRoom(m.receiver)).emit('receiveMessage', m)
        const mine = io.to(userRoom(m.sender._id))
        ;(exceptSocket ? mine.except(exceptSocket) : mine).emit('receiveMessage', {
          ...m,
          offPlatform: false,
        })
        return
      }
      const to = io.to([userRoom(m.sender._id), userRoom(m.receiver)])
      ;(exceptSocket ? to.except(exceptSocket) : to).emit('receiveMessage', m)
      return
    }
    case 'receiveNotification': {
      const n = p as PublishedEvents['receiveNotification']
      io.to(userRoom(n.userId)).emit('receiveNotification', n.notification)
      return
    }
    case 'messagesRead': {
      const r = p as PublishedEvents['messagesRead']
      io.to([userRoom(r.readerId), userRoom(r.senderId)]).emit('messagesRead', r)
      return
    }
    case 'notificationsRead': {
      const r = p as PublishedEvents['notificationsRead']
      io.to(userRoom(r.userId)).emit('notificationsRead', { ids: r.ids, unreadCount: r.unreadCount })
      return
    }
  }
}

const failure = (e: unknown) =>
  e instanceof AppError
    ? { success: false as const, message: e.message, code: e.code }
    : { success: false as const, message: 'Something went wrong', code: 'internal_error' }

/**
 * Socket.IO on the app's own HTTP server (ADR 013): handshake authenticated by the session cookie or `auth.token`,
 * each socket in its own `user:{id}` room, connection state recovery, and the Redis Streams adapter when Redis is
 * configured so rooms and recovery span every instance.
 */
export function attachRealtime(app: FastifyInstance, opts: RealtimeOptions): RealtimeServer {
  const redis = opts.redis ? adapterClient(opts.redis) : undefined
  const recoveryMs = opts.recoveryMs ?? 2 * 60 * 1000
  // The newest broadcasts kept in memory for restoring sessions, and none older than a session may be away (ADR 033).
  const logSize = opts.recoveryLogSize
  const io: RealtimeServer = new Server(app.server, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    connectionStateRecovery: {
      maxDisconnectionDuration: recoveryMs,
      skipMiddlewares: false,
    },
    ...(redis
      ? {
          adapter: createStreamsAdapter(redis, {
            streamName: `${opts.prefix}:stream`,
            channelPrefix: opts.prefix,
            sessionKeyPrefix: `${opts.prefix}:session:`,
            maxLen: 100_000,
            blockTimeInMs: 2000,
            // Every event is JSON (common/events.ts), so no broadcast is walked looking for binary before it is written.
            onlyPlaintext: true,
            logSize,
            maxAgeMs: recoveryMs,
            // Another instance's event: its change has committed, so the answers it changes — those of the people
            // in its rooms — go first (ADR 025, 052). An event never changes a session or a person (ADR 032).
            beforeRemoteBroadcast: opts.readCache
              ? (event, rooms) => opts.readCache!.dropLocal(eventDrop(event, usersIn(rooms)))
              : undefined,
          }),
        }
      : { adapter: createLocalAdapter({ logSize, maxDisconnectionMs: recoveryMs }) }),
  })

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as { token?: unknown }
      const bearer = typeof auth?.token === 'string' ? auth.token : ''
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '')
      const token = bearer || cookies[SESSION.cookie] || ''
      if (!bearer && token) {
        // A cookie rides along with any page's request: only our own pages may open a socket with it.
        const origin = socket.handshake.headers.origin
        const host = socket.handshake.headers.host
        if (origin && host && new URL(origin).host !== host) return next(new Error('forbidden_origin'))
      }
      if (!token || token.length > 200) return next(new Error('unauthorized'))
      const tokenHash = sha256(token)
      const found = await opts.sessions.find(tokenHash)
      if (!found) return next(new Error('unauthorized'))
      socket.data.userId = found.user.id
      socket.data.tokenHash = tokenHash
      socket.data.language = found.user.language
      next()
    } catch (e) {
      app.log.warn({ err: e }, 'socket handshake failed')
      next(new Error('unauthorized'))
    }
  })

  /** The socket's user, re-read for `markRead` so a logged-out session can no longer act (sends check in their write). */
  const currentUser = async (socket: AppSocket): Promise<UserRow> => {
    const found = await opts.sessions.find(socket.data.tokenHash)
    if (!found) {
      socket.disconnect(true)
      throw new AppError(401, 'unauthorized', 'Please log in to continue')
    }
    return found.user
  }
  const slowDown = (retryAfter: number, message?: string) => ({
    success: false as const,
    message:
      message ??
      `You are sending too fast. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    code: 'rate_limited' as const,
    retryAfter,
  })

  io.on('connection', (socket: AppSocket) => {
    const me = socket.data.userId
    /** An answer's message in the socket's person's language (ADR 069). */
    const say = <A extends { message?: string }>(a: A): A =>
      a.message ? { ...a, message: localize(socket.data.language ?? DEFAULT_LANGUAGE, a.message) } : a
    // A restored socket first gets what its rooms got while its handshake waited (ADR 032).
    if (!handOverMissed(socket)) return
    void socket.join([userRoom(me), sessionRoom(socket.data.tokenHash)])
    const allow = socketLimiter()
    const tooMany = () => say(slowDown(allow.retryAfter()))
    /** A refusal goes to the ack when there is one, else as a `rateLimited` event. */
    const refuse = (event: string, answer: ReturnType<typeof slowDown>, ack?: (a: typeof answer) => void) =>
      ack ? ack(answer) : socket.emit('rateLimited', { event, ...answer })

    /** Whom this socket may signal typing to, remembered per person (one lookup per person, not per keystroke). */
    const typingLinks = new Map<string, { ok: Promise<boolean>; until: number }>()
    const mayTypeTo = (other: string): Promise<boolean> => {
      const now = Date.now()
      const known = typingLinks.get(other)
      if (known && known.until > now) return known.ok
      if (typingLinks.size >= TYPING_LINKS_MAX) typingLinks.clear()
      const entry = { ok: opts.chat.linked(me, other).catch(() => false), until: now + TYPING_LINK_NO_MS }
      void entry.ok.then((ok) => {
        if (ok) entry.until = Date.now() + TYPING_LINK_YES_MS
      })
      typingLinks.set(other, entry)
      return entry.ok
    }
    const linkedNow = (other: string) =>
      typingLinks.set(other, { ok: Promise.resolve(true), until: Date.now() + TYPING_LINK_YES_MS })
    // Typing signals go out in the order they came, whoever they are for and however long a lookup takes.
    let typingQueue: Promise<void> = Promise.resolve()

    socket.on('join', (userId, ack) => {
      if (!allow('other')) return refuse('join', tooMany(), ack)
      if (userId !== me)
        return ack?.(say({ success: false, message: 'You can only join your own room', code: 'forbidden' }))
      ack?.({ success: true })
    })

    socket.on('sendMessage', async (body, ack) => {
      if (!allow('sendMessage')) return refuse('sendMessage', tooMany(), ack)
      try {
        // The same per-user bucket as POST /api/v1/chat/send, shared by every socket and instance (ADR 020).
        const verdict = await app.checkLimit('chatSend', { userId: me, ip: socket.handshake.address })
        if (!verdict.ok) return refuse('sendMessage', say(slowDown(verdict.retryAfter, verdict.message)), ack)
        // The user the socket authenticated as; the write itself checks that its session is still live (ADR 023).
        const message = await opts.chat.send({ id: me, sessionHash: socket.data.tokenHash }, body, socket.id)
        // A conversation now exists: typing to the receiver goes through from here on.
        linkedNow(message.receiver)
        ack?.({ success: true, message })
      } catch (e) {
        if (!(e instanceof AppError)) app.log.error({ err: e }, 'sendMessage failed')
        ack?.(
          e instanceof AppError
            ? { ...failure(e), message: e.messageIn(socket.data.language ?? DEFAULT_LANGUAGE) }
            : say(failure(e)),
        )
        // A session logged out (or expired) while this socket stayed open: it is closed now.
        if (e instanceof AppError && e.statusCode === 401) socket.disconnect(true)
      }
    })

    socket.on('markRead', async (e, ack) => {
      if (!allow('other')) return refuse('markRead', tooMany(), ack)
      try {
        const userId = uuid.parse(e?.userId)
        const { read } = await opts.chat.markRead(await currentUser(socket), userId)
        ack?.({ success: true, read })
      } catch (err) {
        ack?.(
          say(
            err instanceof z.ZodError
              ? { success: false as const, message: 'Not a valid user id', code: 'validation_failed' }
              : failure(err),
          ),
        )
      }
    })

    // Only to someone the typist already has a conversation or a job with: a stranger's id gets nothing, so a socket
    // cannot push "typing…" at anyone it likes.
    socket.on('typing', (e) => {
      if (!allow('typing')) return
      const to = uuid.safeParse(e?.to)
      if (!to.success) return
      const other = to.data.toLowerCase()
      if (other === me) return
      const signal = { from: me, isTyping: !!e?.isTyping }
      typingQueue = typingQueue.then(async () => {
        if (await mayTypeTo(other)) socket.to(userRoom(other)).emit('typing', signal)
      })
    })
  })

  // A change is about to be announced: cached answers that predate it go first, here before the event is routed, and
  // on every other instance as it reads the event from the stream (above), so nobody is told of a change and then
  // served an answer that lacks it. A write that announces nothing (an HTTP write) reaches the other instances as a
  // `readCacheDrop` message (ADR 025).
  const cache = opts.readCache
  if (cache && redis) {
    cache.connectPeers((drop) => io.serverSideEmit('readCacheDrop', drop))
    io.on('readCacheDrop', (drop) => cache.dropLocal(Array.isArray(drop) ? drop.map(String) : undefined))
  }
  const publish: Publish = (event, payload) => {
    cache?.dropLocal(eventDrop(event, usersOf(event, payload)))
    route(io, event, payload)
  }
  attachPublisher(app.db, publish)

  // Before Fastify stops the HTTP server: sockets leave as "server shutting down" (recoverable elsewhere).
  app.addHook('preClose', async () => {
    await io.close()
    await redis?.quit().catch(() => {})
  })
  return io
}
