import type { ReactNode } from 'react'
import { AlertTriangle, Newspaper } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { AvatarLinesSkeleton } from '@/components/avatar-lines-skeleton'
import { Skeleton } from '@/components/ui/skeleton'
import { useInfiniteScroll } from '@/hooks/use-infinite-scroll'
import { useT } from '@/i18n'
import { usePosts, type PostsScope } from '../api/get-posts'
import { PostCard } from './post-card'

/** A scrolling list of posts (feed, My Posts, a profile) with loading, empty and error states. */
export function PostList({
  scope,
  emptyTitle,
  emptyText,
  emptyAction,
}: {
  scope: PostsScope
  emptyTitle: string
  emptyText: ReactNode
  emptyAction?: ReactNode
}) {
  const t = useT()
  const query = usePosts(scope)
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage()
  }
  const sentinel = useInfiniteScroll(more, Boolean(query.hasNextPage) && !query.isFetchingNextPage)

  if (query.isPending) return <PostsSkeleton label={t('feed.list.loadingPosts')} />
  if (query.isError)
    return (
      <EmptyState
        icon={AlertTriangle}
        title={t('feed.list.loadError')}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('feed.retry')}
          </Button>
        }
      >
        {t('feed.list.checkConnection')}
      </EmptyState>
    )
  const posts = query.data.pages.flatMap((p) => p.posts)
  if (posts.length === 0)
    return (
      <EmptyState icon={Newspaper} title={emptyTitle} action={emptyAction}>
        {emptyText}
      </EmptyState>
    )
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" aria-label={t('feed.list.label')}>
        {posts.map((p) => (
          <li key={p._id}>
            <PostCard post={p} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {query.hasNextPage ? (
        <Button variant="outline" className="self-center" onClick={more} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? t('feed.loading') : t('feed.list.loadMore')}
        </Button>
      ) : (
        <p className="text-center text-sm text-muted-foreground">{t('feed.list.caughtUp')}</p>
      )}
    </div>
  )
}

function PostsSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={label}>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-3 rounded-2xl border bg-card p-5">
          <AvatarLinesSkeleton
            className="items-center"
            avatarClassName="size-10"
            linesClassName="gap-1.5"
            lines={['h-4 w-36', 'h-3 w-24']}
          />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ))}
    </div>
  )
}
