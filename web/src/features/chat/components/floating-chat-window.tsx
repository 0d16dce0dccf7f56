import { closeChatWindow, useChatWindow } from '@/lib/chat-window'
import { Conversation } from './conversation'

/**
 * Spec §2: the app-wide floating chat window, opened for a user and an optional job. A card in the corner on a
 * desktop; the whole screen on a phone.
 */
export function FloatingChatWindow({ meId }: { meId: string }) {
  const target = useChatWindow()
  if (!target || target.userId === meId) return null
  return (
    <section
      role="dialog"
      aria-label="Chat"
      className="fixed inset-0 z-40 flex flex-col overflow-hidden bg-white md:inset-auto md:right-6 md:bottom-6 md:h-[32rem] md:max-h-[calc(100dvh-3rem)] md:w-[24rem] md:rounded-2xl md:border md:shadow-2xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeChatWindow()
      }}
    >
      <Conversation
        key={target.userId}
        userId={target.userId}
        jobId={target.jobId}
        meId={meId}
        variant="window"
        onClose={closeChatWindow}
      />
    </section>
  )
}
