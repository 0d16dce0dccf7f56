import type { ReactNode } from 'react'
import { Dialog, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from '@/components/ui/dialog'

/**
 * The frame most dialogs share: a title and a description on top, then the body, and the footer's buttons if given.
 * A dialog whose header sits inside its form (Create Post) puts DialogHeading there instead.
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
        <DialogHeading title={title} titleClassName={titleClassName} description={description} />
        {children}
        {footer ? <DialogFooter>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  )
}
