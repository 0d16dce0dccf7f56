import { Suspense, lazy } from 'react'
import { Loader2 } from 'lucide-react'
import { loadAreas, useT } from '@/i18n'
import { closeChatWindow, useChatWindow } from '@/lib/chat-window'
import { retryImport } from '@/lib/retry-import'
import { CloseChatButton } from './close-chat-button'

// The conversation (composer, message list, jobs panel and their schemas) is fetched the first time a window opens,
// not with the socket after every page load: most visits never open one. Its words (the chat catalogue area) come
// with it, so a window opened from a page that does not show chat never flashes message keys.
const Conversation = lazy(() =>
  Promise.all([retryImport(() => import('./conversation')), loadAreas(['chat'])]).then(([m]) => ({
    default: m.Conversation,
  })),
)

/**
 * product.md §3: the app-wide floating chat window, opened for a user and an optional job. A card in the corner on a
 * desktop; the whole screen on a phone.
 */
export function FloatingChatWindow({ meId }: { meId: string }) {
  const target = useChatWindow()
  const t = useT()
  if (!target || target.userId === meId) return null
  return (
    <section
      role="dialog"
      aria-label={t('chat.window.label')}
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-white md:inset-auto md:right-6 md:bottom-6 md:h-[32rem] md:max-h-[calc(100dvh-3rem)] md:w-[24rem] md:rounded-2xl md:border md:shadow-2xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeChatWindow()
      }}
    >
      <Suspense
        fallback={
          <div className="relative flex flex-1 items-center justify-center" aria-busy="true">
            <CloseChatButton onClose={closeChatWindow} className="absolute top-3 right-3" />
            <Loader2
              className="text-muted-foreground size-5 animate-spin"
              role="status"
              aria-label={t('chat.loading')}
            />
          </div>
        }
      >
        <Conversation
          key={target.userId}
          userId={target.userId}
          jobId={target.jobId}
          meId={meId}
          variant="window"
          onClose={closeChatWindow}
        />
      </Suspense>
    </section>
  )
}
