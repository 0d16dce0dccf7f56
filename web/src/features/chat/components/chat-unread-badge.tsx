import { cn } from '@/lib/utils'
import { useUnreadChats } from '../api/get-unread'

/** On the Chat item: how many people are waiting for the reader to read their messages, live. */
export function ChatUnreadBadge({ className }: { className?: string }) {
  const { data } = useUnreadChats()
  const n = data?.conversations ?? 0
  if (!n) return null
  return (
    <span
      className={cn(
        'flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground ring-2 ring-white',
        className,
      )}
      data-testid="chat-unread-badge"
      aria-label={n === 1 ? '1 unread conversation' : `${n} unread conversations`}
    >
      {n > 99 ? '99+' : n}
    </span>
  )
}
