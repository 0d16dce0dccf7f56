import { useState } from 'react'
import { ImagePlus } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { CreatePostDialog } from '@/features/posts/components/create-post-dialog'
import { LoginPrompt } from '@/features/posts/components/login-prompt'
import { PostList } from '@/features/posts/components/post-list'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/** /feed — everyone's posts, newest first, with a composer for the signed-in. */
export function Component() {
  const { user } = useAuth()
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col">
      <title>{t('feed.docTitle')}</title>
      <PageHeader title={t('feed.title')} description={t('feed.description')} />
      {user ? (
        <div className="mb-4 flex items-center gap-3 rounded-2xl border bg-card p-3 shadow-xs sm:p-4">
          <UserAvatar name={user.fullname} src={user.profile?.profilePhoto ?? user.profile?.avatar} />
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="h-11 min-w-0 flex-1 rounded-full border bg-muted/40 px-4 text-left text-sm text-muted-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('feed.composer.prompt')}
          </button>
          <Button variant="ghost" size="icon" aria-label={t('feed.addMedia')} onClick={() => setOpen(true)}>
            <ImagePlus aria-hidden className="text-emerald-600" />
          </Button>
          <CreatePostDialog open={open} onOpenChange={setOpen} />
        </div>
      ) : (
        <LoginPrompt
          message="feed.signInToPost"
          className="mb-4 rounded-2xl border bg-card p-4 text-sm text-muted-foreground"
        />
      )}
      <PostList
        scope={{ kind: 'feed' }}
        emptyTitle={t('feed.empty.title')}
        emptyText={t('feed.empty.text')}
      />
    </div>
  )
}
