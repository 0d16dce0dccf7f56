import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'

/** The floating chat window's ✕: in its header, and in a corner while it loads or after a load error. */
export function CloseChatButton({ onClose, className }: { onClose: () => void; className?: string }) {
  const t = useT()
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={t('chat.close')}
      onClick={onClose}
      className={className}
    >
      <X aria-hidden />
    </Button>
  )
}
