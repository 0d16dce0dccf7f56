import { useState } from 'react'
import { SquarePen } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { CreatePostDialog } from '@/features/posts/components/create-post-dialog'
import { PostList } from '@/features/posts/components/post-list'
import { useAuth } from '@/lib/auth'

/** /posts — My Posts (product.md §3): the signed-in user's own posts (the route requires a session). */
export function Component() {
  const { user } = useAuth()
  const [open, setOpen] = useState(false)
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col">
      <title>My Posts · Microlance</title>
      <PageHeader
        title="My Posts"
        description="Everything you have shared to the feed"
        actions={
          user ? (
            <Button onClick={() => setOpen(true)}>
              <SquarePen aria-hidden /> New post
            </Button>
          ) : null
        }
      />
      {user ? <CreatePostDialog open={open} onOpenChange={setOpen} /> : null}
      <PostList
        scope={{ kind: 'mine' }}
        emptyTitle="No posts yet"
        emptyText="Posts you share to the feed will be listed here."
        emptyAction={<Button onClick={() => setOpen(true)}>Create your first post</Button>}
      />
    </div>
  )
}
