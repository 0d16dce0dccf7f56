import { FloatingChatWindow } from '@/features/chat/components/floating-chat-window'
import { useChatSocket } from '@/features/chat/hooks/use-chat-socket'
import { useNotificationSocket } from '@/features/notifications/hooks/use-notification-socket'
import { useSocketConnection } from '@/lib/socket'

/**
 * Everything live for a signed-in user, loaded in its own chunk: the socket (product.md §14), chat and notification
 * updates into the query cache, and the app-wide floating chat window. Unmounting (logout) disconnects.
 */
export function Realtime({ meId }: { meId: string }) {
  useSocketConnection()
  useChatSocket(meId)
  useNotificationSocket()
  return <FloatingChatWindow meId={meId} />
}
