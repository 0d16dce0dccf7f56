import { CountBadge } from '@/components/ui/count-badge'
import { unreadCountOf, useNotifications } from '../api/get-notifications'

/** product.md §11: the unread-count badge on the bell. */
export function UnreadBadge({ className }: { className?: string }) {
  const { data } = useNotifications()
  const n = unreadCountOf(data)
  return (
    <CountBadge
      count={n}
      label={`${n} unread notifications`}
      tone="alert"
      className={className}
      testId="notification-badge"
    />
  )
}
