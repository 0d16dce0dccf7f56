import { Link, useParams } from 'react-router'
import { MessageCircle } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { AvatarLinesSkeletonList } from '@/components/avatar-lines-skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'
import { cn } from '@/lib/utils'
import { useConversations } from '../api/get-conversations'
import { listDate } from '../lib/format'

/** product.md §9: /chat 'Messages' — each conversation with its last message, date and unread count. */
export function ConversationList({ meId, className }: { meId: string; className?: string }) {
  const { data, isPending, isError, error, refetch, isRefetching } = useConversations()
  const { userId: activeId } = useParams()
  const t = useT()

  if (isPending)
    return (
      <AvatarLinesSkeletonList
        label={t('chat.list.loading')}
        rows={5}
        className={cn('flex flex-col gap-1 p-2', className)}
        rowClassName="items-center p-2"
        avatarClassName="size-11"
        linesClassName="flex-1"
        lines={['h-3.5 w-1/3', 'h-3 w-2/3']}
      />
    )
  if (isError)
    return (
      <div className={cn('p-4', className)}>
        <EmptyState icon={MessageCircle} title={errorText(error, t('chat.list.loadError'))}>
          <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            {t('chat.retry')}
          </Button>
        </EmptyState>
      </div>
    )
  if (data.length === 0)
    return (
      <div className={cn('p-4', className)}>
        <EmptyState icon={MessageCircle} title={t('chat.list.empty')}>
          {t('chat.list.emptyText')}
        </EmptyState>
      </div>
    )
  return (
    <ul className={cn('flex flex-col gap-0.5 p-2', className)} aria-label={t('chat.list.label')}>
      {data.map((c) => {
        const active = c.user._id === activeId
        const unread = c.unreadCount > 0
        return (
          <li key={c._id}>
            <Link
              to={paths.conversation.href(c.user._id)}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-xl p-2.5 outline-none transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring',
                active && 'bg-accent hover:bg-accent',
              )}
            >
              <UserAvatar name={c.user.fullname} src={c.user.profilePhoto} className="size-11" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm text-slate-900',
                      unread ? 'font-semibold' : 'font-medium',
                    )}
                  >
                    {c.user.fullname}
                  </span>
                  {c.lastMessage ? (
                    <time
                      dateTime={c.lastMessage.createdAt}
                      className="shrink-0 text-xs text-muted-foreground"
                    >
                      {listDate(c.lastMessage.createdAt)}
                    </time>
                  ) : null}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={cn('truncate text-sm', unread ? 'text-slate-800' : 'text-muted-foreground')}
                  >
                    {!c.lastMessage
                      ? t('chat.list.noMessages')
                      : c.lastMessage.sender === meId
                        ? t('chat.list.mine', { message: c.lastMessage.content })
                        : c.lastMessage.content}
                  </span>
                  {unread ? (
                    <span
                      className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-semibold text-primary-foreground"
                      aria-label={t('chat.list.unread', { count: c.unreadCount })}
                      data-testid="unread-count"
                    >
                      {c.unreadCount > 99 ? '99+' : c.unreadCount}
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
