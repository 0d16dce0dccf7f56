import { CountBadge } from '@/components/ui/count-badge'
import { useT } from '@/i18n'
import { unreadCountOf, useNotifications } from '../api/get-notifications'

/** product.md §11: the unread-count badge on the bell. */
export function UnreadBadge({ className }: { className?: string }) {
  const { data } = useNotifications()
  const n = unreadCountOf(data)
  const t = useT()
  return (
    <CountBadge
      count={n}
      label={t('badge.unreadNotifications', { count: n })}
      tone="alert"
      className={className}
      testId="notification-badge"
    />
  )
}
