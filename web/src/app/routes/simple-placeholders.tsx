import { useParams } from 'react-router'
import { MessageCircle, Sparkles } from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'

/*
 * Routes whose screens arrive with later issues. Each is registered now so links and guards work, and each says
 * plainly that the screen is coming — none shows invented data.
 */

export function ChatPlaceholder() {
  return (
    <>
      <title>Messages · Microlance</title>
      <PlaceholderPage title="Messages" icon={MessageCircle} emptyTitle="No conversations yet">
        Conversations with clients and freelancers will appear here.
      </PlaceholderPage>
    </>
  )
}

export function ConversationPlaceholder() {
  const { userId } = useParams()
  return (
    <>
      <title>Conversation · Microlance</title>
      <PlaceholderPage title="Conversation" icon={MessageCircle} emptyTitle="Chat is coming soon">
        Your conversation with{' '}
        {userId ? <strong className="font-medium text-slate-700">{userId}</strong> : 'this user'} will open
        here.
      </PlaceholderPage>
    </>
  )
}

export function ExperiencesCreatePlaceholder() {
  return (
    <>
      <title>Create an experience · Microlance</title>
      <PlaceholderPage title="Create an experience" icon={Sparkles}>
        Experiences are not available yet.
      </PlaceholderPage>
    </>
  )
}
