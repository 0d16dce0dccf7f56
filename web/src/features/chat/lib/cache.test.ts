import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '@common/schemas/chat'
import { queryKeys } from '@/lib/query-keys'
import type { UnreadChats } from '../api/get-unread'
import { addMessage, listWithoutReadingNow, markConversationRead, withoutReadingNow } from './cache'

const me = '00000000-0000-4000-8000-00000000000a'
const asha = '00000000-0000-4000-8000-00000000000b'
const meera = '00000000-0000-4000-8000-00000000000c'
let n = 0
const message = (from: string, to: string): ChatMessage => ({
  _id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  sender: { _id: from, fullname: from === me ? 'Ravi Kumar' : 'Someone' },
  receiver: to,
  content: `message ${n}`,
  jobId: null,
  createdAt: new Date(2026, 10, 25, 10, n).toISOString(),
  readAt: null,
  seq: String(n),
  offPlatform: false,
})
const setup = (unread: UnreadChats) => {
  const qc = new QueryClient()
  qc.setQueryData(queryKeys.chat.unread(), unread)
  return { qc, unread: () => qc.getQueryData<UnreadChats>(queryKeys.chat.unread()) }
}
const none: UnreadChats = { conversations: 0, messages: 0, from: [] }

describe('the Chat item’s count in the cache', () => {
  it('counts each person once, newest first; one’s own messages never count', () => {
    const { qc, unread } = setup(none)
    addMessage(qc, message(asha, me), me)
    addMessage(qc, message(asha, me), me)
    addMessage(qc, message(me, meera), me)
    addMessage(qc, message(meera, me), me)
    expect(unread()).toEqual({ conversations: 2, messages: 3, from: [meera, asha] })
  })

  it('does not count what arrives in the conversation on screen, on the item or in the list', () => {
    const { qc, unread } = setup(none)
    const row = { _id: 'c1', user: { _id: asha }, lastMessage: null, unreadCount: 0, jobs: [], jobCount: 0 }
    qc.setQueryData(queryKeys.chat.conversations(), [row])
    const listCount = () => qc.getQueryData<(typeof row)[]>(queryKeys.chat.conversations())?.[0].unreadCount
    qc.setQueryData(queryKeys.chat.messages(asha), { pages: [{ messages: [] }], pageParams: [null] })
    const shown = new QueryObserver(qc, { queryKey: queryKeys.chat.messages(asha), enabled: false })
    const stop = shown.subscribe(() => {})
    addMessage(qc, message(asha, me), me)
    expect(unread()).toEqual(none)
    expect(listCount()).toBe(0)
    // Once it is closed, the next one counts.
    stop()
    addMessage(qc, message(asha, me), me)
    expect(unread()).toEqual({ conversations: 1, messages: 1, from: [asha] })
    expect(listCount()).toBe(1)
  })

  it('does not count a message the conversation already holds twice', () => {
    const { qc, unread } = setup(none)
    qc.setQueryData(queryKeys.chat.messages(asha), { pages: [{ messages: [] }], pageParams: [null] })
    const m = message(asha, me)
    addMessage(qc, m, me)
    addMessage(qc, m, me)
    expect(unread()).toEqual({ conversations: 1, messages: 1, from: [asha] })
  })

  it('asks the server again when its list names fewer people than it counts', () => {
    const many = Array.from(
      { length: 100 },
      (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    )
    const { qc, unread } = setup({ conversations: 150, messages: 400, from: many })
    addMessage(qc, message(asha, me), me)
    expect(unread()).toEqual({ conversations: 150, messages: 400, from: many })
    expect(qc.getQueryState(queryKeys.chat.unread())?.isInvalidated).toBe(true)
  })

  it('reading a conversation takes its person off; a read receipt for the other side does not', () => {
    const { qc, unread } = setup({ conversations: 2, messages: 3, from: [meera, asha] })
    const readAt = new Date().toISOString()
    markConversationRead(qc, { readerId: asha, senderId: me, readAt }, me)
    expect(unread()).toEqual({ conversations: 2, messages: 3, from: [meera, asha] })
    markConversationRead(qc, { readerId: me, senderId: asha, readAt }, me)
    expect(unread()?.from).toEqual([meera])
    expect(unread()?.conversations).toBe(1)
    markConversationRead(qc, { readerId: me, senderId: meera, readAt }, me)
    expect(unread()).toEqual(none)
  })

  it('an answer that crossed a message in the conversation on screen does not count that conversation', () => {
    // Asha's conversation is open when she writes again; the server is asked before the page marks it read.
    const { qc } = setup({ conversations: 1, messages: 1, from: [meera] })
    const waiting = { ...message(asha, me) }
    qc.setQueryData(queryKeys.chat.messages(asha), { pages: [{ messages: [waiting] }], pageParams: [null] })
    const row = (user: string, unreadCount: number) => ({
      _id: `c-${user}`,
      user: { _id: user },
      lastMessage: null,
      unreadCount,
      jobs: [],
      jobCount: 0,
    })
    const answer: UnreadChats = { conversations: 2, messages: 3, from: [asha, meera] }
    const list = [row(asha, 1), row(meera, 2)] as any
    // Not on screen: the server's answer stands.
    expect(withoutReadingNow(qc, answer)).toEqual(answer)
    expect(listWithoutReadingNow(qc, list)).toEqual(list)
    const shown = new QueryObserver(qc, { queryKey: queryKeys.chat.messages(asha), enabled: false })
    const stop = shown.subscribe(() => {})
    expect(withoutReadingNow(qc, answer)).toEqual({ conversations: 1, messages: 2, from: [meera] })
    expect(listWithoutReadingNow(qc, list).map((c) => c.unreadCount)).toEqual([0, 2])
    // Closed again: the server's answer stands.
    stop()
    expect(withoutReadingNow(qc, answer)).toEqual(answer)
  })
})
