import { useState } from 'react'
import { SquarePen } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { CreatePostDialog } from '@/features/posts/components/create-post-dialog'
import { PostList } from '@/features/posts/components/post-list'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/** /posts — My Posts (product.md §3): the signed-in user's own posts (the route requires a session). */
export function Component() {
  const { user } = useAuth()
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col">
      <title>{t('feed.mine.docTitle')}</title>
      <PageHeader
        title={t('feed.mine.title')}
        description={t('feed.mine.description')}
        actions={
          user ? (
            <Button onClick={() => setOpen(true)}>
              <SquarePen aria-hidden /> {t('feed.mine.newPost')}
            </Button>
          ) : null
        }
      />
      {user ? <CreatePostDialog open={open} onOpenChange={setOpen} /> : null}
      <PostList
        scope={{ kind: 'mine' }}
        emptyTitle={t('feed.empty.title')}
        emptyText={t('feed.mine.emptyText')}
        emptyAction={<Button onClick={() => setOpen(true)}>{t('feed.mine.createFirst')}</Button>}
      />
    </div>
  )
}
