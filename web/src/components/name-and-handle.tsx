import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'

/** A person's name over their @username, each cut short to fit (the sidebar's account button, people results). */
export function NameAndHandle({
  name,
  username,
  className,
}: {
  name: ReactNode
  username: ReactNode
  className?: string
}) {
  return (
    <span className={cn('min-w-0', className)}>
      <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
      <span className="block truncate text-xs text-muted-foreground">@{username}</span>
    </span>
  )
}
