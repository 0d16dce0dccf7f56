import { cn } from '@/lib/utils'
import { unreadCountOf, useNotifications } from '../api/get-notifications'

/** Spec §2: the unread-count badge on the bell. */
export function UnreadBadge({ className }: { className?: string }) {
  const { data } = useNotifications()
  const n = unreadCountOf(data)
  if (!n) return null
  return (
    <span
      className={cn(
        'flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white',
        className,
      )}
      data-testid="notification-badge"
      aria-label={`${n} unread notifications`}
    >
      {n > 99 ? '99+' : n}
    </span>
  )
}
