import { useT } from '@/i18n'
import type { Post } from '../api/get-posts'
import { PostCard } from './post-card'

/**
 * The posts a search found, each the feed's own card (likes, comments and the author's menu work the same) — a
 * section after jobs and people, shown only when something matched, with the query's words marked in each text.
 */
export function PostResults({ posts, query, id }: { posts: Post[]; query: string; id?: string }) {
  const t = useT()
  if (!posts.length) return null
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-label={t('feed.list.label')}
      className="flex scroll-mt-4 flex-col gap-3 outline-none"
    >
      <h2 className="text-base font-semibold text-slate-900">
        {t('feed.results.heading', { count: posts.length })}
      </h2>
      <ul className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        {posts.map((p) => (
          <li key={p._id}>
            <PostCard post={p} query={query} />
          </li>
        ))}
      </ul>
    </section>
  )
}
