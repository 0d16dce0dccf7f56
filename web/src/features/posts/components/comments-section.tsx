import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Send, Trash2 } from 'lucide-react'
import { POST_LIMITS } from '@common/schemas/post'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { toastError } from '@/lib/toast-error'
import { useAddComment, useComments, useDeleteComment } from '../api/comments'
import { timeAgo } from '../lib/time'
import { flattenComments } from '../lib/comment-pages'
import { LoginPrompt } from './login-prompt'

/** A post's comments, oldest first, with a box to add one; writers (and the post's author) may delete. */
export function CommentsSection({ postId }: { postId: string }) {
  const { user } = useAuth()
  const t = useT()
  const query = useComments(postId, true)
  const add = useAddComment(postId)
  const del = useDeleteComment(postId)
  const deleting = useRef(new Set<string>())
  const [text, setText] = useState('')
  const comments = flattenComments(query.data)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const content = text.trim()
    if (!content) return
    add.mutate(content, {
      onSuccess: () => setText(''),
      onError: (err) => toastError(err, t('feed.error.generic')),
    })
  }

  return (
    <section className="flex flex-col gap-3 border-t pt-3" aria-label={t('feed.comments.label')}>
      {query.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('feed.comments.loading')}>
          <Skeleton className="h-10" />
          <Skeleton className="h-10 w-3/4" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-destructive">
          {t('feed.comments.loadError')}{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            {t('feed.retry')}
          </button>
        </p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('feed.comments.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((c) => (
            <li key={c._id} className="flex gap-2.5">
              <UserAvatar name={c.author.fullname} src={c.author.profilePhoto} className="size-8 text-xs" />
              <div className="min-w-0 flex-1 rounded-xl bg-muted/60 px-3 py-2">
                <div className="flex items-baseline gap-2">
                  <Link
                    to={paths.profile.href(c.author.userId)}
                    className="truncate text-sm font-semibold hover:underline"
                  >
                    {c.author.fullname}
                  </Link>
                  <time dateTime={c.createdAt} className="shrink-0 text-xs text-muted-foreground">
                    {timeAgo(c.createdAt)}
                  </time>
                  {c.isMine ? (
                    <button
                      type="button"
                      // Once asked, the comment is on its way out: a second click would only get 'not found'.
                      disabled={del.isPending && del.variables === c._id}
                      onClick={() => {
                        // A double click lands before the disabled state renders: the ref stops the second one.
                        if (deleting.current.has(c._id)) return
                        deleting.current.add(c._id)
                        del.mutate(c._id, {
                          onError: (err) => toastError(err, t('feed.error.generic')),
                          onSettled: () => deleting.current.delete(c._id),
                        })
                      }}
                      aria-label={t('feed.comments.delete')}
                      className="ml-auto rounded p-1 text-muted-foreground outline-none hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                    >
                      <Trash2 className="size-3.5" aria-hidden />
                    </button>
                  ) : null}
                </div>
                <p className="text-sm break-words whitespace-pre-wrap">{c.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('feed.loading') : t('feed.comments.loadMore')}
        </Button>
      ) : null}
      {user ? (
        <form onSubmit={submit} className="flex items-center gap-2">
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('feed.comments.placeholder')}
            aria-label={t('feed.comments.write')}
            maxLength={POST_LIMITS.commentMax}
          />
          <Button
            type="submit"
            size="icon"
            disabled={!text.trim() || add.isPending}
            aria-label={t('feed.comments.send')}
          >
            <Send aria-hidden />
          </Button>
        </form>
      ) : (
        <LoginPrompt message="feed.comments.signIn" className="text-sm text-muted-foreground" />
      )}
    </section>
  )
}
