import type { ChatMessage } from './schemas/chat'
import type { NotificationItem } from './schemas/notification'

/** Socket.IO events the server sends (product.md §14 names kept: receiveMessage, receiveNotification). */
export interface ServerToClientEvents {
  receiveMessage: (message: ChatMessage) => void
  receiveNotification: (notification: NotificationItem) => void
  /** Someone is typing to you (or stopped). */
  typing: (e: { from: string; isTyping: boolean }) => void
  /** `readerId` read every message `senderId` sent them up to `readAt` (read receipts; also syncs the reader's tabs). */
  messagesRead: (e: { readerId: string; senderId: string; readAt: string }) => void
  /** The user read some notifications (`ids`) or all of them — keeps every tab's bell in step. */
  notificationsRead: (e: { ids: string[] | 'all'; unreadCount: number }) => void
  /** An event sent without an ack was refused for going too fast; try again after `retryAfter` seconds. */
  rateLimited: (e: { event: string; message: string; code: 'rate_limited'; retryAfter: number }) => void
}

export type Ack<T> = (
  answer:
    | ({ success: true } & T)
    /** `retryAfter` (seconds) comes with code `rate_limited`. */
    | { success: false; message: string; code: string; retryAfter?: number },
) => void

/** Socket.IO events a client sends. */
export interface ClientToServerEvents {
  /** product.md §14: join the room named by your own _id. Any other id is refused. */
  join: (userId: string, ack?: Ack<object>) => void
  sendMessage: (
    body: { receiver: string; content: string; jobId?: string | null },
    ack?: Ack<{ message: ChatMessage }>,
  ) => void
  typing: (e: { to: string; isTyping: boolean }) => void
  markRead: (e: { userId: string }, ack?: Ack<{ read: number }>) => void
}

/** What services publish; realtime/ decides the rooms. */
export interface PublishedEvents {
  /** `exceptSocket`: the sender's socket that sent it, which has it in its ack already. */
  receiveMessage: { message: ChatMessage; exceptSocket?: string }
  receiveNotification: { userId: string; notification: NotificationItem }
  messagesRead: { readerId: string; senderId: string; readAt: string }
  notificationsRead: { userId: string; ids: string[] | 'all'; unreadCount: number }
}

/** Per-socket event limits (events per 10 s window). */
export const SOCKET_LIMITS = { windowMs: 10_000, sendMessage: 30, typing: 40, other: 60 } as const

/** Client timing from product.md §13. */
export const SOCKET_CLIENT = {
  timeout: 20_000,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
} as const
