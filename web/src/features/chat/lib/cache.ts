import type { QueryClient } from '@tanstack/react-query'
import type { ChatMessage } from '@common/schemas/chat'
import { chatKeys } from '../api/keys'
import type { ConversationItem } from '../api/get-conversations'
import type { MessagesData } from '../api/get-messages'

/** The other person of a message, seen from `meId`. */
export const otherOf = (m: ChatMessage, meId: string) => (m.sender._id === meId ? m.receiver : m.sender._id)

/**
 * Puts a message (sent here, or arriving on the socket) into the loaded conversation and the list, once — the
 * sender's own copy comes back on the socket too, so it is matched by id.
 */
export function addMessage(qc: QueryClient, m: ChatMessage, meId: string): void {
  const other = otherOf(m, meId)
  qc.setQueryData<MessagesData>(chatKeys.messages(other), (data) => {
    if (!data || data.pages.some((p) => p.messages.some((x) => x._id === m._id))) return data
    const [newest, ...rest] = data.pages
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, m] }, ...rest] }
  })
  let known = false
  qc.setQueryData<ConversationItem[]>(chatKeys.conversations(), (list) => {
    if (!list) return list
    const i = list.findIndex((c) => c.user._id === other)
    if (i < 0) return list
    known = true
    const c = list[i]
    if (c.lastMessage?._id === m._id) return list
    const updated: ConversationItem = {
      ...c,
      lastMessage: { _id: m._id, content: m.content, createdAt: m.createdAt, sender: m.sender._id },
      unreadCount: m.sender._id === meId ? c.unreadCount : c.unreadCount + 1,
    }
    return [updated, ...list.slice(0, i), ...list.slice(i + 1)]
  })
  // A first message from someone new: the list needs their row (name, photo) from the server.
  if (!known) void qc.invalidateQueries({ queryKey: chatKeys.conversations() })
  // A message about a job neither side had linked before adds it to the side panel.
  if (m.jobId) void qc.invalidateQueries({ queryKey: chatKeys.withJobs(other) })
}

/** Read receipts: `readerId` has read all `senderId` sent them. Updates both the reader's and the sender's views. */
export function markConversationRead(
  qc: QueryClient,
  e: { readerId: string; senderId: string; readAt: string },
  meId: string,
): void {
  const other = e.readerId === meId ? e.senderId : e.readerId
  qc.setQueryData<MessagesData>(chatKeys.messages(other), (data) =>
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
  if (e.readerId === meId)
    qc.setQueryData<ConversationItem[]>(chatKeys.conversations(), (list) =>
      list?.map((c) => (c.user._id === other ? { ...c, unreadCount: 0 } : c)),
    )
}
