// Who is reading which conversation now: all the Chat item's count needs on every page, apart from the chat cache's
// other updates (cache.ts), so the first download carries only this.
import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import type { MessagesData } from '../api/get-messages'
import type { UnreadChats } from '../api/get-unread'

/**
 * Whether the conversation with `userId` is in front of the reader now (the page or the floating window shows it, in a
 * visible tab): what arrives there is read at once, so it never counts as unread.
 */
export function isReadingNow(qc: QueryClient, userId: string): boolean {
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return false
  const shown = qc.getQueryCache().find({ queryKey: queryKeys.chat.messages(userId), exact: true })
  // Shown and loaded: a conversation still loading, or that failed to, marks nothing read.
  return !!shown && shown.getObserversCount() > 0 && shown.state.status === 'success'
}

/**
 * A count or list the server sent, as the reader sees it: nobody whose conversation is in front of them counts. The
 * server may answer between a message arriving there and its being marked read (a refetch racing the live update);
 * what the reader is looking at is read already.
 */
export function withoutReadingNow(qc: QueryClient, data: UnreadChats): UnreadChats {
  const reading = data.from.filter((id) => isReadingNow(qc, id))
  if (!reading.length) return data
  const from = data.from.filter((id) => !reading.includes(id))
  // The messages they sent that the conversation on screen holds unread come off the message count.
  const shownUnread = reading.reduce(
    (n, id) =>
      n +
      (qc
        .getQueryData<MessagesData>(queryKeys.chat.messages(id))
        ?.pages.reduce((k, p) => k + p.messages.filter((m) => m.sender._id === id && !m.readAt).length, 0) ??
        0),
    0,
  )
  return {
    conversations: Math.max(from.length, data.conversations - reading.length),
    messages: from.length ? Math.max(from.length, data.messages - shownUnread) : 0,
    from,
  }
}
