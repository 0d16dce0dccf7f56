import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { SendHorizontal } from 'lucide-react'
import { MESSAGE_MAX } from '@common/schemas/chat'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'

/** product.md §9: the composer grows with its text up to 120 px, then scrolls. */
const MAX_HEIGHT_PX = 120

/**
 * product.md §9: send is blocked on empty or whitespace text; Enter sends, Shift+Enter adds a line. The text stays if
 * sending fails, so nothing typed is lost.
 */
export function Composer({
  onSend,
  onInput,
  sending,
  autoFocus,
}: {
  onSend: (text: string) => Promise<unknown>
  onInput?: () => void
  sending: boolean
  autoFocus?: boolean
}) {
  const t = useT()
  const [text, setText] = useState('')
  const ref = useRef<HTMLTextAreaElement>(null)
  const blank = text.trim() === ''
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`
  }, [text])

  const submit = async () => {
    if (blank || sending) return
    try {
      await onSend(text)
      setText('')
    } catch {
      // The caller has told the user; the text stays for another try.
    }
    ref.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void submit()
    }
  }

  return (
    <form
      className="flex items-end gap-2 border-t bg-white p-3"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <label htmlFor="chat-composer" className="sr-only">
        {t('chat.composer.label')}
      </label>
      <textarea
        id="chat-composer"
        ref={ref}
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX}
        autoFocus={autoFocus}
        placeholder={t('chat.composer.placeholder')}
        onChange={(e) => {
          setText(e.target.value)
          onInput?.()
        }}
        onKeyDown={onKeyDown}
        style={{ maxHeight: MAX_HEIGHT_PX }}
        className={cn(
          'min-h-10 flex-1 resize-none rounded-xl border border-input bg-slate-50 px-3 py-2 text-sm leading-6 outline-none',
          'placeholder:text-slate-400 focus-visible:border-ring focus-visible:bg-white focus-visible:ring-3 focus-visible:ring-ring/25',
        )}
      />
      <Button
        type="submit"
        size="icon"
        aria-label={t('chat.composer.send')}
        disabled={blank || sending}
        className="rounded-xl"
      >
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  )
}
