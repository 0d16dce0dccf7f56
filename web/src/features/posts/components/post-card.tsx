import { useState } from 'react'
import { Link } from 'react-router'
import { toast } from 'sonner'
import { Heart, MessageCircle, MoreHorizontal, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { DialogShell } from '@/components/dialog-shell'
import { DialogClose } from '@/components/ui/dialog'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { formatDateTime } from '@/i18n/format'
import { useAuth } from '@/lib/auth'
import { Marked } from '@/components/ui/marked'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useDeletePost } from '../api/delete-post'
import type { Post } from '../api/get-posts'
import { useToggleLike } from '../api/toggle-like'
import { timeAgo } from '../lib/time'
import { CommentsSection } from './comments-section'
import { LinkCard } from './link-card'
import { MediaGrid } from './media-grid'
import { LoginLink } from '@/components/login-link'
import { ReportButton } from '@/components/report-dialog'

/**
 * One post: author, text, media, link, and the like and comment actions. `query` (search results) marks its words in
 * the text.
 */
export function PostCard({ post, query }: { post: Post; query?: string }) {
  const { user } = useAuth()
  const t = useT()
  const like = useToggleLike()
  const [commentsOpen, setCommentsOpen] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const remove = useDeletePost()
  const profile = paths.profile.href(post.author.userId)

  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border bg-card p-4 shadow-xs sm:p-5"
      aria-label={t('feed.post.label', { name: post.author.fullname })}
    >
      <header className="flex items-center gap-3">
        <Link to={profile} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <UserAvatar name={post.author.fullname} src={post.author.profilePhoto} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col">
          <Link to={profile} className="truncate font-semibold hover:underline">
            {post.author.fullname}
          </Link>
          <time
            dateTime={post.createdAt}
            title={formatDateTime(post.createdAt)}
            className="text-xs text-muted-foreground"
          >
            @{post.author.username} · {timeAgo(post.createdAt)}
          </time>
        </div>
        {post.isMine ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={t('feed.post.options')}>
                <MoreHorizontal aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => setConfirmOpen(true)} className="text-destructive">
                <Trash2 aria-hidden /> {t('feed.post.delete')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : user ? (
          <ReportButton targetType="post" targetId={post._id} iconOnly />
        ) : null}
      </header>
      {post.content ? (
        <p className="text-[15px] leading-relaxed break-words whitespace-pre-wrap">
          {query ? <Marked text={post.content} query={query} /> : post.content}
        </p>
      ) : null}
      <MediaGrid media={post.media} authorName={post.author.fullname} />
      {post.link ? <LinkCard link={post.link} preview={post.linkPreview} /> : null}
      <footer className="flex items-center gap-1 border-t pt-2">
        {user ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={post.likedByMe}
            onClick={() => like.mutate(post._id, { onError: (e) => toastError(e, t('feed.error.generic')) })}
            className={cn(post.likedByMe && 'text-rose-600 hover:text-rose-700')}
          >
            <Heart aria-hidden className={cn(post.likedByMe && 'fill-current')} />
            {post.likedByMe ? t('feed.post.liked') : t('feed.post.like')}
            <span className="tabular-nums" aria-label={t('feed.post.likes', { count: post.likeCount })}>
              {post.likeCount}
            </span>
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm">
            <LoginLink>
              <Heart aria-hidden /> {t('feed.post.like')}{' '}
              <span className="tabular-nums">{post.likeCount}</span>
            </LoginLink>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={commentsOpen}
          onClick={() => setCommentsOpen((o) => !o)}
        >
          <MessageCircle aria-hidden /> {t('feed.post.comment')}
          <span className="tabular-nums" aria-label={t('feed.post.comments', { count: post.commentCount })}>
            {post.commentCount}
          </span>
        </Button>
      </footer>
      {commentsOpen ? <CommentsSection postId={post._id} /> : null}
      <DialogShell
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        className="max-w-sm"
        title={t('feed.post.deleteTitle')}
        description={t('feed.post.deleteText')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">{t('feed.cancel')}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(post._id, {
                  onSuccess: () => {
                    setConfirmOpen(false)
                    toast.success(t('feed.post.deleted'))
                  },
                  onError: (e) => toastError(e, t('feed.error.generic')),
                })
              }
            >
              {remove.isPending ? t('feed.post.deleting') : t('feed.post.deleteConfirm')}
            </Button>
          </>
        }
      />
    </article>
  )
}
