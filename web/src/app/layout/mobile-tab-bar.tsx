import { Link, useLocation } from 'react-router'
import { Plus, ShieldCheck } from 'lucide-react'
import type { User } from '@common/schemas/user'
import { cn } from '@/lib/utils'
import { useT } from '@/i18n'
import { DeferredCreateMenu, DeferredJobPostingMenu } from './deferred'
import { NAV_ITEMS } from './nav-items'

const tabClass =
  'flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium text-slate-500 outline-none transition-colors focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&_svg]:size-5 data-[state=open]:text-primary'

/**
 * Mobile chrome (< 768 px), bottom: the nav items, a Create menu and the "Admin" menu of the job-posting pages
 * (product.md §3).
 */
export function MobileTabBar({ user, onPost }: { user: User | null; onPost: () => void }) {
  const { pathname } = useLocation()
  const t = useT()
  const items = NAV_ITEMS.filter((item) => user || !item.signedInOnly)
  // The first two items sit left of the Create button, the rest right of it.
  const first = items.slice(0, 2)
  const rest = items.slice(2)

  return (
    <nav
      aria-label={t('chrome.mainNav')}
      className="fixed inset-x-0 bottom-0 z-30 flex h-16 items-stretch border-t bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {first.map((item) => (
        <TabLink key={item.label} item={item} active={item.isActive(pathname)} signedIn={!!user} />
      ))}
      {user ? (
        <DeferredCreateMenu
          onPost={onPost}
          side="top"
          align="center"
          trigger={
            <button type="button" className={tabClass}>
              <span className="flex size-9 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
                <Plus aria-hidden />
              </span>
              <span className="sr-only">{t('chrome.create')}</span>
            </button>
          }
        />
      ) : null}
      {rest.map((item) => (
        <TabLink key={item.label} item={item} active={item.isActive(pathname)} signedIn={!!user} />
      ))}
      {user ? (
        <DeferredJobPostingMenu
          trigger={
            <button type="button" className={tabClass} aria-label={t('chrome.adminMenu')}>
              <ShieldCheck aria-hidden />
              <span>{t('chrome.admin')}</span>
            </button>
          }
        />
      ) : null}
    </nav>
  )
}

function TabLink({
  item,
  active,
  signedIn,
}: {
  item: (typeof NAV_ITEMS)[number]
  active: boolean
  signedIn: boolean
}) {
  const t = useT()
  return (
    <Link
      to={item.to}
      aria-current={active ? 'page' : undefined}
      className={cn(tabClass, 'relative', active && 'text-primary')}
    >
      <item.icon aria-hidden strokeWidth={active ? 2.4 : 2} />
      <span className="max-w-full truncate">{t(item.label)}</span>
      {/* After the label, so it is read as "Chat, 2 unread conversations"; drawn on the icon's corner. */}
      {signedIn && item.badge ? <item.badge className="absolute top-1.5 left-1/2 ml-1" /> : null}
    </Link>
  )
}
