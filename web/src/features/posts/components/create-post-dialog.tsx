import { Newspaper } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'

/**
 * Spec §2 "Create Post dialog" — the shell only. The composer (text, media, link, 'Post') arrives with the feed
 * feature; until then the dialog says so instead of offering a form that cannot post.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Create Post</DialogTitle>
          <DialogDescription>Posting to the feed is coming soon.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/40 px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-background text-muted-foreground shadow-xs">
            <Newspaper className="size-5" aria-hidden />
          </span>
          <p className="max-w-xs text-sm text-muted-foreground">
            Share updates, media and links with the community once the feed launches.
          </p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
