import { useState } from 'react'
import { ImagePlus } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { CreatePostDialog } from '@/features/posts/components/create-post-dialog'
import { PostList } from '@/features/posts/components/post-list'
import { useAuth } from '@/lib/auth'
import { LoginLink } from '@/components/login-link'

/** /feed — everyone's posts, newest first, with a composer for the signed-in. */
export function Component() {
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col">
      <title>Feed · Microlance</title>
      <PageHeader title="Feed" description="Updates, work and links from the Microlance community" />
      {user ? (
        <div className="mb-4 flex items-center gap-3 rounded-2xl border bg-card p-3 shadow-xs sm:p-4">
          <UserAvatar name={user.fullname} src={user.profile?.profilePhoto ?? user.profile?.avatar} />
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="h-11 min-w-0 flex-1 rounded-full border bg-muted/40 px-4 text-left text-sm text-muted-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            What's on your mind?
          </button>
          <Button variant="ghost" size="icon" aria-label="Add photos or videos" onClick={() => setOpen(true)}>
            <ImagePlus aria-hidden className="text-emerald-600" />
          </Button>
          <CreatePostDialog open={open} onOpenChange={setOpen} />
        </div>
      ) : (
        <p className="mb-4 rounded-2xl border bg-card p-4 text-sm text-muted-foreground">
          <LoginLink className="font-medium text-primary hover:underline">Log in</LoginLink> to post, like and
          comment.
        </p>
      )}
      <PostList
        scope={{ kind: 'feed' }}
        emptyTitle="No posts yet"
        emptyText="When people share updates, photos and links, they show up here."
      />
    </div>
  )
}
