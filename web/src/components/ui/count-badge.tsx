import { cn } from '@/lib/utils'

/**
 * A small round count on a navigation item (the bell, Chat): nothing at zero, 99+ above 99. `label` names the count
 * for a screen reader ("3 unread notifications").
 */
export function CountBadge({
  count,
  label,
  tone,
  className,
  testId,
}: {
  count: number
  label: string
  tone: 'alert' | 'primary'
  className?: string
  testId?: string
}) {
  if (!count) return null
  return (
    <span
      className={cn(
        'flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1 text-[10px] leading-none font-bold ring-2 ring-white',
        tone === 'alert' ? 'bg-red-600 text-white' : 'bg-primary text-primary-foreground',
        className,
      )}
      data-testid={testId}
      aria-label={label}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}
