import type { ComponentType } from 'react'
import { BriefcaseBusiness, House, MessageCircle, Newspaper, type LucideIcon } from 'lucide-react'
import { ChatUnreadBadge } from '@/features/chat/components/chat-unread-badge'
import { isAdminJobsActive, isChatActive, isFeedActive, isHomeActive, paths } from '@/config/paths'
import type { MessageKey } from '@/i18n'

export interface NavItem {
  /** Its name in the catalogues. */
  label: MessageKey
  to: string
  icon: LucideIcon
  isActive: (pathname: string) => boolean
  signedInOnly?: boolean
  /** A count shown beside the item to a signed-in person (it renders nothing at zero). */
  badge?: ComponentType<{ className?: string }>
}

/**
 * product.md §3 "Navigation chrome": Home, Chat and Admin Jobs (the last for every signed-in user, §2), plus Feed.
 */
export const NAV_ITEMS: NavItem[] = [
  { label: 'nav.home', to: paths.home.href(), icon: House, isActive: isHomeActive },
  // The social feed (issue 6); Home keeps the job browser.
  { label: 'nav.feed', to: paths.feed.href(), icon: Newspaper, isActive: isFeedActive },
  {
    label: 'nav.chat',
    to: paths.chat.href(),
    icon: MessageCircle,
    isActive: isChatActive,
    badge: ChatUnreadBadge,
  },
  {
    label: 'nav.adminJobs',
    to: paths.adminJobsManage.href(),
    icon: BriefcaseBusiness,
    isActive: isAdminJobsActive,
    signedInOnly: true,
  },
]
