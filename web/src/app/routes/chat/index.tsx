import { MessageCircle } from 'lucide-react'
import { ConversationList } from '@/features/chat/components/conversation-list'
import { useT } from '@/i18n'
import { RequireAuth } from '@/lib/authorization'
import { useAuth } from '@/lib/auth'
import { ChatShell } from './chat-shell'

/** /chat — product.md §9 'Messages'. */
export function Component() {
  const t = useT()
  return (
    <RequireAuth>
      <title>{t('chat.docTitle')}</title>
      <Messages />
    </RequireAuth>
  )
}

function Messages() {
  const { user } = useAuth()
  const t = useT()
  return (
    <ChatShell showListOnMobile list={<ConversationList meId={user!._id} />}>
      <div className="m-auto flex max-w-xs flex-col items-center gap-3 p-8 text-center text-muted-foreground">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted">
          <MessageCircle className="size-5" aria-hidden />
        </span>
        <p className="text-sm">{t('chat.choose')}</p>
      </div>
    </ChatShell>
  )
}
