import type { ReactNode } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'

/**
 * The frame most dialogs share: a title and a description on top, then the body, and the footer's buttons if given.
 * A dialog whose header sits inside its form (Create Post) builds from '@/components/ui/dialog' instead.
 */
export function DialogShell({
  open,
  onOpenChange,
  trigger,
  title,
  titleClassName,
  description,
  className,
  children,
  footer,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The element that opens it, when the dialog owns one. */
  trigger?: ReactNode
  title: ReactNode
  titleClassName?: string
  description: ReactNode
  /** For the content box, e.g. its width. */
  className?: string
  children?: ReactNode
  footer?: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  )
}
