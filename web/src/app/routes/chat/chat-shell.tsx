import type { ReactNode } from 'react'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'

/**
 * The chat screens fill the space between the chrome bars: on a phone between the top bar (3.5rem) and the tab bar
 * (4rem), on a desktop the window height less the page padding.
 */
export function ChatShell({
  list,
  children,
  showListOnMobile,
}: {
  list: ReactNode
  children?: ReactNode
  /** On /chat the list is the page (its 'Messages' is the h1); beside a conversation it is secondary. */
  showListOnMobile: boolean
}) {
  const t = useT()
  const ListHeading = showListOnMobile ? 'h1' : 'h2'
  return (
    <div className="-mx-4 -mt-5 -mb-24 flex h-[calc(100dvh-7.5rem)] overflow-hidden bg-white sm:-mx-6 md:mx-0 md:mt-0 md:-mb-4 md:h-[calc(100dvh-4rem)] md:rounded-2xl md:border md:shadow-xs">
      <div
        className={cn(
          'min-h-0 w-full flex-col border-r',
          // On /chat the list stands beside the placeholder from md. Beside a conversation it waits for lg
          // (1024 px), so a tablet gives the messages the width (with a way back to the list), and it narrows a
          // little below 2xl so the messages keep room beside the jobs panel.
          showListOnMobile ? 'flex md:w-80 md:shrink-0' : 'hidden lg:flex lg:w-72 lg:shrink-0 2xl:w-80',
        )}
      >
        <ListHeading className="flex h-14 shrink-0 items-center border-b px-4 text-lg font-semibold text-slate-900">
          {t('chat.title')}
        </ListHeading>
        <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
      </div>
      <div
        className={cn(
          'relative min-h-0 min-w-0 flex-1 flex-col',
          showListOnMobile ? 'hidden md:flex' : 'flex',
        )}
      >
        {children}
      </div>
    </div>
  )
}
