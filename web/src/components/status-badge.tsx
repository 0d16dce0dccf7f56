import { statusColors } from '@common/status-colors'
import { cn } from '@/lib/utils'

/** A job, application or fund status in its fixed colour (common/status-colors.ts). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const c = statusColors(status)
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap capitalize',
        className,
      )}
      style={{ color: c.fg, backgroundColor: c.bg, borderColor: c.border }}
    >
      <span className="size-1.5 rounded-full" style={{ backgroundColor: c.fg }} aria-hidden />
      {status}
    </span>
  )
}
