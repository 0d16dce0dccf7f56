import type { ReactNode } from 'react'
import { BellOff } from 'lucide-react'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet'

/**
 * Spec §2 "Notification panel": a 24rem side drawer titled 'Notifications'. The list, badge and 'Mark all read'
 * arrive with the notifications feature; until then it honestly shows the empty text.
 */
export function NotificationDrawer({ trigger }: { trigger: ReactNode }) {
  return (
    <Sheet>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent className="w-full max-w-[24rem] sm:w-[24rem]" aria-describedby={undefined}>
        <div className="flex h-14 shrink-0 items-center border-b px-5">
          <SheetTitle className="text-base font-semibold">Notifications</SheetTitle>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <BellOff className="size-5" aria-hidden />
          </span>
          <SheetDescription className="text-sm font-medium text-slate-700">No notifications</SheetDescription>
        </div>
      </SheetContent>
    </Sheet>
  )
}
