import { useState } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { useLogout } from '@/features/auth/api/logout'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { DeferredCreatePostDialog, DeferredRealtime } from './deferred'
import { MobileTabBar } from './mobile-tab-bar'
import { MobileTopBar } from './mobile-top-bar'
import { Sidebar } from './sidebar'

/** The app chrome around every page: sidebar on desktop, top bar + tab bar on mobile (product.md §3). */
export function AppLayout() {
  const { user } = useAuth()
  const t = useT()
  const [postOpen, setPostOpen] = useState(false)
  const logout = useLogout()
  const navigation = useNavigation()
  const onLogout = () => logout.mutate()

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('chrome.skipToContent')}
      </a>
      <div
        className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-primary transition-[transform,opacity] duration-500"
        style={{
          transform: `scaleX(${navigation.state === 'loading' ? 0.7 : 1})`,
          opacity: navigation.state === 'loading' ? 1 : 0,
        }}
        aria-hidden
      />
      <Sidebar
        user={user}
        onPost={() => setPostOpen(true)}
        onLogout={onLogout}
        loggingOut={logout.isPending}
      />
      <MobileTopBar user={user} onLogout={onLogout} loggingOut={logout.isPending} />
      <main id="main" className="min-w-0 px-4 pt-5 pb-24 sm:px-6 md:ml-64 md:px-8 md:pt-8 md:pb-12 lg:px-10">
        <Outlet />
      </main>
      <MobileTabBar user={user} onPost={() => setPostOpen(true)} />
      {user ? <DeferredCreatePostDialog open={postOpen} onOpenChange={setPostOpen} /> : null}
      {user ? <DeferredRealtime key={user._id} meId={user._id} /> : null}
      <ScrollRestoration />
    </div>
  )
}
