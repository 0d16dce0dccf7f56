import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Bell, BellOff, Briefcase, CheckCircle2, IndianRupee, MessageCircle, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { AvatarLinesSkeletonList } from '@/components/avatar-lines-skeleton'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet'
import { useT } from '@/i18n'
import { api } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { unreadCountOf, useNotifications, type NotificationItem } from '../api/get-notifications'
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read'
import { targetOf } from '../lib/navigate'

const ICONS: Partial<Record<NotificationItem['type'], typeof Bell>> = {
  application: Briefcase,
  application_accepted: CheckCircle2,
  application_rejected: XCircle,
  message: MessageCircle,
  payment_funded: IndianRupee,
  payment_released: IndianRupee,
  payment_refunded: IndianRupee,
  payment_requested: IndianRupee,
}

/** product.md §11: each item's timestamp in the reader's own local format — date and minute, no seconds. */
const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * product.md §11 "Notification panel": a 24rem drawer titled 'Notifications'; 'Mark all read' only while unread
 * exist; unread items dotted and highlighted; local timestamps. A click marks the item read, then navigates by type
 * (§11). `onOpenChat` opens the app's floating chat window for a message's sender.
 */
export function NotificationDrawer({
  trigger,
  onOpenChat,
}: {
  trigger: ReactNode
  onOpenChat?: (userId: string, jobId?: string) => void
}) {
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const tr = useT()
  const q = useNotifications()
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const items = q.data?.pages.flatMap((p) => p.notifications) ?? []
  const unread = unreadCountOf(q.data)

  const onClick = async (n: NotificationItem) => {
    if (!n.isRead) {
      try {
        await markRead.mutateAsync(n._id)
      } catch {
        // Logged by the call; navigation still happens.
      }
    }
    const t = targetOf(n)
    if (t.kind === 'none') return
    setOpen(false)
    if (t.kind === 'go') return void navigate(t.to)
    // product.md §11: fetch the sender, then open the chat window; if that fails, go to /chat.
    try {
      const res = await api.get<{ success: boolean; user?: { _id: string } }>(
        `/user/${encodeURIComponent(t.senderId)}`,
      )
      if (!res.data.success || !res.data.user || !onOpenChat) throw new Error('no sender')
      onOpenChat(res.data.user._id, t.jobId)
    } catch {
      void navigate('/chat')
    }
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent className="w-full max-w-[24rem] sm:w-[24rem]" aria-describedby={undefined}>
        <div className="flex h-14 shrink-0 items-center gap-3 border-b pr-12 pl-5">
          <SheetTitle className="flex-1 text-base font-semibold">{tr('notifications.title')}</SheetTitle>
          {unread > 0 ? (
            <Button
              variant="link"
              className="text-sm"
              disabled={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {tr('notifications.markAllRead')}
            </Button>
          ) : null}
        </div>
        {q.isPending ? (
          <AvatarLinesSkeletonList
            label={tr('notifications.loading')}
            rows={4}
            className="flex flex-col gap-1 p-3"
            rowClassName="p-2"
            avatarClassName="size-9"
            linesClassName="flex-1"
            lines={['h-3.5 w-4/5', 'h-3 w-1/3']}
          />
        ) : items.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <BellOff className="size-5" aria-hidden />
            </span>
            <SheetDescription className="text-sm font-medium text-slate-700">
              {tr('notifications.empty')}
            </SheetDescription>
            {q.isError ? (
              <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
                {tr('notifications.retry')}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ul className="flex flex-col" aria-label={tr('notifications.title')}>
              {items.map((n) => {
                const Icon = ICONS[n.type] ?? Bell
                return (
                  <li key={n._id}>
                    <button
                      type="button"
                      onClick={() => void onClick(n)}
                      className={cn(
                        'flex w-full gap-3 border-b px-4 py-3 text-left outline-none transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                        !n.isRead && 'bg-primary/5',
                      )}
                      data-unread={!n.isRead || undefined}
                    >
                      <span
                        className={cn(
                          'flex size-9 shrink-0 items-center justify-center rounded-full',
                          n.isRead ? 'bg-slate-100 text-slate-500' : 'bg-primary/10 text-primary',
                        )}
                      >
                        <Icon className="size-4" aria-hidden />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span
                          className={cn(
                            'block text-sm',
                            n.isRead ? 'text-slate-600' : 'font-medium text-slate-900',
                          )}
                        >
                          {n.message}
                        </span>
                        <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-muted-foreground">
                          {localTime(n.createdAt)}
                        </time>
                      </span>
                      {!n.isRead ? (
                        <span
                          className="mt-1.5 size-2 shrink-0 rounded-full bg-primary"
                          aria-label={tr('notifications.unread')}
                        />
                      ) : null}
                    </button>
                  </li>
                )
              })}
            </ul>
            {q.hasNextPage ? (
              <div className="flex justify-center p-3">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void q.fetchNextPage()}
                  disabled={q.isFetchingNextPage}
                >
                  {tr('notifications.loadMore')}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </SheetContent>
    </Sheet>
  )
}
