import { Link, useLocation } from 'react-router'
import { Bell, ChevronsUpDown, Plus, Search } from 'lucide-react'
import type { User } from '@common/schemas/user'
import { Logo } from '@/components/logo'
import { NameAndHandle } from '@/components/name-and-handle'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { useT } from '@/i18n'
import { UnreadBadge } from '@/features/notifications/components/unread-badge'
import { openChatWindow } from '@/lib/chat-window'
import {
  DeferredCreateMenu,
  DeferredLanguageSwitcher,
  DeferredNotificationDrawer,
  DeferredProfilePopover,
} from './deferred'
import { NAV_ITEMS } from './nav-items'

const rowClass =
  'group flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors outline-none hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-[18px] [&_svg]:shrink-0'

/** Desktop chrome (≥ 768 px): the fixed left sidebar of product.md §3 "Navigation chrome". */
export function Sidebar({
  user,
  onPost,
  onLogout,
  loggingOut,
}: {
  user: User | null
  onPost: () => void
  onLogout: () => void
  loggingOut: boolean
}) {
  const { pathname } = useLocation()
  const t = useT()
  return (
    <aside
      className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r bg-white md:flex"
      aria-label={t('chrome.sidebar')}
    >
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link
          to={paths.home.href()}
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Microlance"
        >
          <Logo />
        </Link>
      </div>

      <div className="px-3 pb-2">
        <Link
          to={paths.search.href()}
          className={cn(
            rowClass,
            'border border-border bg-slate-50 text-slate-500 hover:bg-slate-100',
            pathname === paths.search.pattern && 'border-primary/40 text-slate-900',
          )}
        >
          <Search aria-hidden /> {t('chrome.search')}
        </Link>
      </div>

      <nav aria-label={t('chrome.mainNav')} className="flex flex-col gap-1 px-3 py-2">
        {NAV_ITEMS.filter((item) => user || !item.signedInOnly).map((item) => {
          const active = item.isActive(pathname)
          return (
            <Link
              key={item.label}
              to={item.to}
              aria-current={active ? 'page' : undefined}
              className={cn(rowClass, active && 'bg-accent text-accent-foreground hover:bg-accent')}
            >
              <item.icon aria-hidden className={cn(active ? 'text-primary' : 'text-slate-400')} />
              {t(item.label)}
              {user && item.badge ? <item.badge className="ml-auto" /> : null}
            </Link>
          )
        })}
        {user ? (
          <>
            <DeferredNotificationDrawer
              trigger={
                <button type="button" className={rowClass}>
                  <Bell aria-hidden className="text-slate-400" /> {t('chrome.notifications')}
                  <UnreadBadge className="ml-auto" />
                </button>
              }
              onOpenChat={openChatWindow}
            />
            <div className="pt-3">
              <DeferredCreateMenu
                onPost={onPost}
                trigger={
                  <Button className="w-full justify-start gap-3 px-3 [&_svg]:size-[18px]">
                    <Plus aria-hidden /> {t('chrome.create')}
                  </Button>
                }
              />
            </div>
          </>
        ) : null}
      </nav>

      <div className="mt-auto border-t p-3">
        {user ? (
          <DeferredProfilePopover
            user={user}
            onLogout={onLogout}
            loggingOut={loggingOut}
            side="right"
            align="end"
            trigger={
              // Named by its visible text plus a hidden "Profile menu", so the name contains what is seen.
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-xl p-2 text-left transition-colors outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-slate-100"
              >
                <UserAvatar
                  name={user.fullname}
                  src={user.profile.profilePhoto ?? user.profile.avatar}
                  className="size-9"
                />
                <NameAndHandle name={user.fullname} username={user.username} className="flex-1" />
                <span className="sr-only">{t('chrome.profileMenu')}</span>
                <ChevronsUpDown className="size-4 text-slate-400" aria-hidden />
              </button>
            }
          />
        ) : (
          <div className="flex flex-col gap-2">
            <Button asChild variant="outline">
              <Link to={paths.login.href()}>{t('chrome.login')}</Link>
            </Button>
            <Button asChild>
              <Link to={paths.signup.href()}>{t('chrome.signup')}</Link>
            </Button>
            <DeferredLanguageSwitcher className="mt-1 w-full" />
          </div>
        )}
      </div>
    </aside>
  )
}
