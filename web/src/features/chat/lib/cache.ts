import type { QueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '@common/schemas/chat'
import { queryKeys } from '@/lib/query-keys'
import type { ConversationItem } from '../api/get-conversations'
import type { MessagesData } from '../api/get-messages'
import type { UnreadChats } from '../api/get-unread'
import { isReadingNow } from './reading-now'

export { isReadingNow, withoutReadingNow } from './reading-now'

/** The other person of a message, seen from `meId`. */
export const otherOf = (m: ChatMessage, meId: string) => (m.sender._id === meId ? m.receiver : m.sender._id)

/** The conversation list as the reader sees it: the one in front of them has nothing unread. */
export function listWithoutReadingNow(qc: QueryClient, list: ConversationItem[]): ConversationItem[] {
  return list.map((c) => (c.unreadCount && isReadingNow(qc, c.user._id) ? { ...c, unreadCount: 0 } : c))
}

/**
 * The Chat item's count when a message arrives: its sender joins the people waiting, unless the reader has that
 * conversation open. A list cut short by the server (more senders than it names) is fetched again instead.
 */
function countIncoming(qc: QueryClient, senderId: string): void {
  const data = qc.getQueryData<UnreadChats>(queryKeys.chat.unread())
  if (!data) return
  if (data.from.includes(senderId)) {
    qc.setQueryData<UnreadChats>(queryKeys.chat.unread(), { ...data, messages: data.messages + 1 })
    return
  }
  if (data.from.length < data.conversations) {
    void qc.invalidateQueries({ queryKey: queryKeys.chat.unread() })
    return
  }
  qc.setQueryData<UnreadChats>(queryKeys.chat.unread(), {
    conversations: data.conversations + 1,
    messages: data.messages + 1,
    from: [senderId, ...data.from],
  })
}

/** The reader has read everything `senderId` sent: they no longer count on the Chat item. */
function uncount(qc: QueryClient, senderId: string): void {
  const data = qc.getQueryData<UnreadChats>(queryKeys.chat.unread())
  if (!data) return
  if (!data.from.includes(senderId)) {
    // Named nowhere in a list cut short: only the server knows what is left.
    if (data.from.length < data.conversations)
      void qc.invalidateQueries({ queryKey: queryKeys.chat.unread() })
    return
  }
  const from = data.from.filter((id) => id !== senderId)
  qc.setQueryData<UnreadChats>(queryKeys.chat.unread(), {
    conversations: data.conversations - 1,
    messages: from.length ? data.messages : 0,
    from,
  })
  // How many messages that took off is not known here: the server tells the rest.
  if (from.length) void qc.invalidateQueries({ queryKey: queryKeys.chat.unread() })
}

/**
 * Puts a message (sent here, or arriving on the socket) into the loaded conversation and the list, once — the
 * sender's own copy comes back on the socket too, so it is matched by id.
 */
export function addMessage(qc: QueryClient, m: ChatMessage, meId: string): void {
  const other = otherOf(m, meId)
  const incoming = m.sender._id !== meId
  // Already in the conversation: the copy of a message this tab has (an ack, or a refetch after a reconnect).
  let seen = false
  qc.setQueryData<MessagesData>(queryKeys.chat.messages(other), (data) => {
    if (data?.pages.some((p) => p.messages.some((x) => x._id === m._id))) seen = true
    if (!data || seen) return data
    const [newest, ...rest] = data.pages
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, m] }, ...rest] }
  })
  const readingNow = incoming && isReadingNow(qc, other)
  let known = false
  qc.setQueryData<ConversationItem[]>(queryKeys.chat.conversations(), (list) => {
    if (!list) return list
    const i = list.findIndex((c) => c.user._id === other)
    if (i < 0) return list
    known = true
    const c = list[i]
    if (c.lastMessage?._id === m._id) {
      seen = true
      return list
    }
    const updated: ConversationItem = {
      ...c,
      lastMessage: { _id: m._id, content: m.content, createdAt: m.createdAt, sender: m.sender._id },
      unreadCount: incoming && !readingNow ? c.unreadCount + 1 : c.unreadCount,
    }
    return [updated, ...list.slice(0, i), ...list.slice(i + 1)]
  })
  if (incoming && !seen && !readingNow) countIncoming(qc, other)
  // A first message from someone new: the list needs their row (name, photo) from the server.
  if (!known) void qc.invalidateQueries({ queryKey: queryKeys.chat.conversations() })
  // A message about a job neither side had linked before adds it to the side panel.
  if (m.jobId) void qc.invalidateQueries({ queryKey: queryKeys.chat.withJobs(other) })
}

/** Read receipts: `readerId` has read all `senderId` sent them. Updates both the reader's and the sender's views. */
export function markConversationRead(
  qc: QueryClient,
  e: { readerId: string; senderId: string; readAt: string },
  meId: string,
): void {
  const other = e.readerId === meId ? e.senderId : e.readerId
  qc.setQueryData<MessagesData>(queryKeys.chat.messages(other), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            messages: p.messages.map((m) =>
              m.sender._id === e.senderId && !m.readAt ? { ...m, readAt: e.readAt } : m,
            ),
          })),
        }
      : data,
  )
  if (e.readerId === meId) {
    qc.setQueryData<ConversationItem[]>(queryKeys.chat.conversations(), (list) =>
      list?.map((c) => (c.user._id === other ? { ...c, unreadCount: 0 } : c)),
    )
    uncount(qc, e.senderId)
  }
}
