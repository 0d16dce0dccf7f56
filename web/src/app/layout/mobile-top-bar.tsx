import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Bell, Search } from 'lucide-react'
import type { User } from '@common/schemas/user'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { paths } from '@/config/paths'
import { UnreadBadge } from '@/features/notifications/components/unread-badge'
import { useDraft } from '@/hooks/use-draft'
import { openChatWindow } from '@/lib/chat-window'
import { useT } from '@/i18n'
import { DeferredLanguageSwitcher, DeferredNotificationDrawer, DeferredProfilePopover } from './deferred'

/** Mobile chrome (< 768 px), top: logo, the 'Search...' box, and Login or the profile (product.md §3). */
export function MobileTopBar({
  user,
  onLogout,
  loggingOut,
}: {
  user: User | null
  onLogout: () => void
  loggingOut: boolean
}) {
  const navigate = useNavigate()
  const t = useT()
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  // The box shows the query being searched while on /search, and starts empty elsewhere.
  const urlQuery = pathname === paths.search.pattern ? (params.get('q') ?? '') : ''
  const [query, setQuery] = useDraft(urlQuery)

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-white/95 px-3 backdrop-blur md:hidden">
      <Link
        to={paths.home.href()}
        aria-label="Microlance"
        className="shrink-0 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Logo compact />
      </Link>
      <form
        role="search"
        className="relative min-w-0 flex-1"
        onSubmit={(e) => {
          e.preventDefault()
          const q = query.trim()
          if (q) navigate(paths.search.href(q))
        }}
      >
        <label htmlFor="mobile-search" className="sr-only">
          {t('chrome.search')}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id="mobile-search"
          type="search"
          enterKeyHint="search"
          placeholder={t('chrome.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-9 w-full rounded-full border border-transparent bg-slate-100 pr-3 pl-9 text-sm outline-none placeholder:text-slate-500 focus-visible:border-ring focus-visible:bg-white focus-visible:ring-3 focus-visible:ring-ring/25"
        />
      </form>
      {user ? (
        <>
          <DeferredNotificationDrawer
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('chrome.notifications')}
                className="relative shrink-0"
              >
                <Bell className="size-5" aria-hidden />
                <UnreadBadge className="absolute top-0.5 right-0.5" />
              </Button>
            }
            onOpenChat={openChatWindow}
          />
          <DeferredProfilePopover
            user={user}
            onLogout={onLogout}
            loggingOut={loggingOut}
            align="end"
            trigger={
              <button
                type="button"
                aria-label={t('chrome.profileMenu')}
                className="shrink-0 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
              >
                <UserAvatar
                  name={user.fullname}
                  src={user.profile.profilePhoto ?? user.profile.avatar}
                  className="size-8"
                />
              </button>
            }
          />
        </>
      ) : (
        <>
          <DeferredLanguageSwitcher className="shrink-0" compact />
          <Button asChild size="sm" className="shrink-0">
            <Link to={paths.login.href()}>{t('chrome.login')}</Link>
          </Button>
        </>
      )}
    </header>
  )
}
