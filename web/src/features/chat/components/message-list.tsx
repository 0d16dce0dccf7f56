import { Fragment, useEffect, useLayoutEffect, useRef } from 'react'
import { Check, CheckCheck, ShieldCheck } from 'lucide-react'
import { ReportButton } from '@/components/report-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import type { ChatMessage } from '../api/get-messages'
import { dayKey, dayLabel, timeLabel } from '../lib/format'

/**
 * The conversation, oldest at the top: a separator for each local day, read receipts on my last messages, and
 * older pages loaded when the reader scrolls to the top (or presses 'Load older messages').
 */
export function MessageList({
  messages,
  meId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  typing,
  otherName,
}: {
  messages: ChatMessage[]
  meId: string
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  typing: boolean
  otherName: string
}) {
  const t = useT()
  const scroller = useRef<HTMLDivElement>(null)
  const top = useRef<HTMLDivElement>(null)
  const lastId = messages.at(-1)?._id
  const firstId = messages[0]?._id
  const prev = useRef<{ firstId?: string; lastId?: string; height: number }>({ height: 0 })

  // New message at the bottom → follow it; older page at the top → keep the reader's place.
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    const p = prev.current
    if (p.firstId && firstId !== p.firstId && lastId === p.lastId) el.scrollTop += el.scrollHeight - p.height
    else if (lastId !== p.lastId) el.scrollTop = el.scrollHeight
    prev.current = { firstId, lastId, height: el.scrollHeight }
  }, [firstId, lastId])
  useLayoutEffect(() => {
    const el = scroller.current
    if (el && typing && el.scrollHeight - el.scrollTop - el.clientHeight < 80) el.scrollTop = el.scrollHeight
  }, [typing])

  const load = useRef(onLoadOlder)
  useEffect(() => {
    load.current = onLoadOlder
  })
  useEffect(() => {
    const el = top.current
    if (!el || !hasOlder || loadingOlder || typeof IntersectionObserver === 'undefined') return
    const o = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && load.current(), {
      root: scroller.current,
      rootMargin: '200px 0px 0px 0px',
    })
    o.observe(el)
    return () => o.disconnect()
  }, [hasOlder, loadingOlder])

  const lastMineRead = messages.findLast((m) => m.sender._id === meId && m.readAt)?._id
  const lastMine = messages.findLast((m) => m.sender._id === meId)?._id

  return (
    <div
      ref={scroller}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain bg-slate-50/60 px-3 py-4 sm:px-5"
      role="log"
      aria-label={t('chat.messages.label', { name: otherName })}
      aria-live="polite"
    >
      <div ref={top} />
      {hasOlder ? (
        <div className="mb-3 flex justify-center">
          <Button variant="ghost" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? <Spinner className="size-3" /> : null} {t('chat.messages.loadOlder')}
          </Button>
        </div>
      ) : null}
      {messages.length === 0 ? (
        <p className="m-auto max-w-xs text-center text-sm text-muted-foreground">
          {t('chat.messages.empty', { name: otherName })}
        </p>
      ) : null}
      {messages.map((m, i) => {
        const mine = m.sender._id === meId
        const newDay = i === 0 || dayKey(messages[i - 1].createdAt) !== dayKey(m.createdAt)
        const grouped = !newDay && messages[i - 1].sender._id === m.sender._id
        return (
          <Fragment key={m._id}>
            {newDay ? (
              <div
                className="my-3 flex items-center gap-3 text-xs font-medium text-muted-foreground"
                role="separator"
              >
                <span className="h-px flex-1 bg-border" />
                {dayLabel(m.createdAt)}
                <span className="h-px flex-1 bg-border" />
              </div>
            ) : null}
            <div
              className={cn('flex flex-col', mine ? 'items-end' : 'items-start', grouped ? 'mt-1' : 'mt-3')}
              data-testid="chat-message"
            >
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-6 break-words whitespace-pre-wrap shadow-xs sm:max-w-[70%]',
                  mine
                    ? 'rounded-br-md bg-primary text-primary-foreground'
                    : 'rounded-bl-md border bg-white text-slate-800',
                )}
              >
                {m.content}
              </div>
              {!mine && m.offPlatform ? (
                <p
                  className="mt-1 flex max-w-[85%] items-start gap-1.5 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-xs leading-5 text-sky-900 sm:max-w-[70%]"
                  data-testid="off-platform-notice"
                >
                  <ShieldCheck className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                  <span>{t('chat.messages.offPlatform')}</span>
                </p>
              ) : null}
              <span className="mt-0.5 flex items-center gap-1 px-1 text-[11px] text-muted-foreground">
                <time dateTime={m.createdAt}>{timeLabel(m.createdAt)}</time>
                {mine ? null : (
                  <ReportButton
                    targetType="message"
                    targetId={m._id}
                    iconOnly
                    className="size-6 [&_svg]:size-3"
                  />
                )}
                {mine && m._id === lastMine ? (
                  m._id === lastMineRead ? (
                    <span className="flex items-center gap-0.5 text-primary">
                      <CheckCheck className="size-3.5" aria-hidden /> {t('chat.messages.seen')}
                    </span>
                  ) : (
                    <span className="flex items-center gap-0.5">
                      <Check className="size-3.5" aria-hidden /> {t('chat.messages.sent')}
                    </span>
                  )
                ) : null}
              </span>
            </div>
          </Fragment>
        )
      })}
      {typing ? (
        <p className="mt-3 flex items-center gap-2 text-xs text-muted-foreground" data-testid="typing">
          <span className="flex gap-0.5" aria-hidden>
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
          </span>
          {t('chat.messages.typing', { name: otherName })}
        </p>
      ) : null}
    </div>
  )
}
