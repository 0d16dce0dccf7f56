import {
  Suspense,
  cloneElement,
  isValidElement,
  lazy,
  useEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { retryImport } from '@/lib/retry-import'
import { cn } from '@/lib/utils'

/**
 * True once the page has loaded and the browser has a quiet moment (at most `IDLE_TIMEOUT_MS` later): the chrome's
 * menus, dialogs and the socket are fetched then, so they do not compete with the page's own chunks and data on the
 * first load (docs/decisions/022-web-performance.md).
 */
const IDLE_TIMEOUT_MS = 1000
let settled = false
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(settled)
  useEffect(() => {
    if (ready) return
    let idle: number | undefined
    const onIdle = () => {
      settled = true
      setReady(true)
    }
    const schedule = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(onIdle, 0)
    }
    if (document.readyState === 'complete') schedule()
    else window.addEventListener('load', schedule, { once: true })
    return () => {
      window.removeEventListener('load', schedule)
      if (idle === undefined) return
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [ready])
  return ready
}

type WithTrigger = { trigger: ReactNode }
type PlaceholderProps = { 'aria-disabled'?: boolean; onClick?: (e: MouseEvent) => void }
const PLACEHOLDER_PROPS: PlaceholderProps = {
  'aria-disabled': true,
  onClick: (e) => e.preventDefault(),
}

/**
 * Loads an overlay (menu, popover, drawer) in its own chunk, so a visitor's first download is only the chrome.
 * Until the chunk arrives the trigger looks exactly as it will (no faded "disabled" style flashing on every load),
 * is marked aria-disabled for assistive technology and tests, and ignores clicks instead of opening into a void.
 */
export function deferOverlay<P extends WithTrigger>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await retryImport(load) }))
  function Deferred(props: P) {
    const ready = useAfterLoad()
    const placeholder = isValidElement(props.trigger)
      ? cloneElement(props.trigger as ReactElement<PlaceholderProps>, PLACEHOLDER_PROPS)
      : props.trigger
    if (!ready) return placeholder
    return (
      <Suspense fallback={placeholder}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return Deferred
}

export const DeferredCreateMenu = deferOverlay(() => import('./create-menu').then((m) => m.CreateMenu))
export const DeferredJobPostingMenu = deferOverlay(() =>
  import('./job-posting-menu').then((m) => m.JobPostingMenu),
)
export const DeferredNotificationDrawer = deferOverlay(() =>
  import('@/features/notifications/components/notification-drawer').then((m) => m.NotificationDrawer),
)
export const DeferredProfilePopover = deferOverlay(() =>
  import('@/features/users/components/profile-popover').then((m) => m.ProfilePopover),
)

const LazyCreatePostDialog = lazy(() =>
  retryImport(() => import('@/features/posts/components/create-post-dialog')).then((m) => ({
    default: m.CreatePostDialog,
  })),
)

/**
 * The Create Post dialog, loaded the first time it opens (its form and schemas cost a phone ~75 ms to start, which
 * every page would otherwise pay after loading), and kept mounted after so it closes with its animation.
 */
export function DeferredCreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const [wanted, setWanted] = useState(open)
  if (open && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <LazyCreatePostDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  )
}

// Retried: a socket chunk lost to a dropped network would otherwise leave the page without live updates.
const LazyRealtime = lazy(() =>
  retryImport(() => import('./realtime')).then((m) => ({ default: m.Realtime })),
)

/** The socket, live updates and the floating chat window — only for a signed-in user, in their own chunk. */
export function DeferredRealtime({ meId }: { meId: string }) {
  if (!useAfterLoad()) return null
  return (
    <Suspense fallback={null}>
      <LazyRealtime meId={meId} />
    </Suspense>
  )
}

const LazyLanguageSwitcher = lazy(() =>
  retryImport(() => import('@/i18n/language-switcher')).then((m) => ({ default: m.LanguageSwitcher })),
)

/**
 * A visitor's English | हिंदी, in its own chunk after the page has loaded (the first paint does not need it); until
 * then an empty box of its size holds its place, so nothing moves when it arrives.
 */
export function DeferredLanguageSwitcher({ className, compact }: { className?: string; compact?: boolean }) {
  const placeholder = (
    <div aria-hidden className={cn('h-9', compact ? 'w-18 shrink-0' : 'w-full', className)} />
  )
  if (!useAfterLoad()) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <LazyLanguageSwitcher className={className} compact={compact} />
    </Suspense>
  )
}
