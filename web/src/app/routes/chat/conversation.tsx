import { useParams } from 'react-router'
import { Conversation } from '@/features/chat/components/conversation'
import type { RenderJobActions } from '@/features/chat/components/jobs-panel'
import { ConversationList } from '@/features/chat/components/conversation-list'
import { RequireAuth } from '@/lib/authorization'
import { useAuth } from '@/lib/auth'
import { ChatShell } from './chat-shell'

/**
 * The selected job's payment actions in the chat side panel. The escrow feature's actions are rendered here when
 * it lands; until then the panel shows the job's title, status, amount and link.
 */
const renderJobPaymentActions: RenderJobActions | undefined = undefined

/** /chat/:userId — one conversation (spec §2), beside the list on a desktop. */
export function Component() {
  return (
    <RequireAuth>
      <title>Chat · Microlance</title>
      <ConversationPage />
    </RequireAuth>
  )
}

function ConversationPage() {
  const { user } = useAuth()
  const { userId = '' } = useParams()
  return (
    <ChatShell showListOnMobile={false} list={<ConversationList meId={user!._id} />}>
      <Conversation
        key={userId}
        userId={userId}
        meId={user!._id}
        variant="page"
        renderJobActions={renderJobPaymentActions}
      />
    </ChatShell>
  )
}
