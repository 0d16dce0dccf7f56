import {
  Suspense,
  cloneElement,
  isValidElement,
  lazy,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react'

type WithTrigger = { trigger: ReactNode }

/**
 * Loads an overlay (menu, popover, drawer) in its own chunk, so a visitor's first download is only the chrome.
 * Until the chunk arrives the trigger is shown disabled — it looks the same and cannot be clicked into a void.
 */
export function deferOverlay<P extends WithTrigger>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }))
  function Deferred(props: P) {
    const placeholder = isValidElement(props.trigger)
      ? cloneElement(props.trigger as ReactElement<{ disabled?: boolean }>, { disabled: true })
      : props.trigger
    return (
      <Suspense fallback={placeholder}>
        <Lazy {...props} />
      </Suspense>
    )
  }
  return Deferred
}

export const DeferredCreateMenu = deferOverlay(() => import('./create-menu').then((m) => m.CreateMenu))
export const DeferredAdminMenu = deferOverlay(() => import('./admin-menu').then((m) => m.AdminMenu))
export const DeferredNotificationDrawer = deferOverlay(() =>
  import('@/features/notifications/components/notification-drawer').then((m) => m.NotificationDrawer),
)
export const DeferredProfilePopover = deferOverlay(() =>
  import('@/features/users/components/profile-popover').then((m) => m.ProfilePopover),
)

const LazyCreatePostDialog = lazy(() =>
  import('@/features/posts/components/create-post-dialog').then((m) => ({ default: m.CreatePostDialog })),
)

/** The Create Post dialog, loaded the first time it opens. */
export function DeferredCreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  return (
    <Suspense fallback={null}>
      <LazyCreatePostDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  )
}

const LazyRealtime = lazy(() => import('./realtime').then((m) => ({ default: m.Realtime })))

/** The socket, live updates and the floating chat window — only for a signed-in user, in their own chunk. */
export function DeferredRealtime({ meId }: { meId: string }) {
  return (
    <Suspense fallback={null}>
      <LazyRealtime meId={meId} />
    </Suspense>
  )
}
