import type { ComponentType } from 'react'
import { BriefcaseBusiness, House, MessageCircle, Newspaper, type LucideIcon } from 'lucide-react'
import { ChatUnreadBadge } from '@/features/chat/components/chat-unread-badge'
import { isAdminJobsActive, isChatActive, isFeedActive, isHomeActive, paths } from '@/config/paths'

export interface NavItem {
  label: string
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
  { label: 'Home', to: paths.home.href(), icon: House, isActive: isHomeActive },
  // The social feed (issue 6); Home keeps the job browser.
  { label: 'Feed', to: paths.feed.href(), icon: Newspaper, isActive: isFeedActive },
  {
    label: 'Chat',
    to: paths.chat.href(),
    icon: MessageCircle,
    isActive: isChatActive,
    badge: ChatUnreadBadge,
  },
  {
    label: 'Admin Jobs',
    to: paths.adminJobsManage.href(),
    icon: BriefcaseBusiness,
    isActive: isAdminJobsActive,
    signedInOnly: true,
  },
]
