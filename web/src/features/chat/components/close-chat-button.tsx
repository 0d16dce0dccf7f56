import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** The floating chat window's ✕: in its header, and in a corner while it loads or after a load error. */
export function CloseChatButton({ onClose, className }: { onClose: () => void; className?: string }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Close chat" onClick={onClose} className={className}>
      <X aria-hidden />
    </Button>
  )
}
