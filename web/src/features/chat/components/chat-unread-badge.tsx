import { CountBadge } from '@/components/ui/count-badge'
import { useT } from '@/i18n'
import { useUnreadChats } from '../api/get-unread'

/** On the Chat item: how many people are waiting for the reader to read their messages, live. */
export function ChatUnreadBadge({ className }: { className?: string }) {
  const { data } = useUnreadChats()
  const n = data?.conversations ?? 0
  const t = useT()
  return (
    <CountBadge
      count={n}
      label={t('badge.unreadConversations', { count: n })}
      tone="primary"
      className={className}
      testId="chat-unread-badge"
    />
  )
}
