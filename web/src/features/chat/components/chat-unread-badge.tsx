import { CountBadge } from '@/components/ui/count-badge'
import { useUnreadChats } from '../api/get-unread'

/** On the Chat item: how many people are waiting for the reader to read their messages, live. */
export function ChatUnreadBadge({ className }: { className?: string }) {
  const { data } = useUnreadChats()
  const n = data?.conversations ?? 0
  return (
    <CountBadge
      count={n}
      label={n === 1 ? '1 unread conversation' : `${n} unread conversations`}
      tone="primary"
      className={className}
      testId="chat-unread-badge"
    />
  )
}
