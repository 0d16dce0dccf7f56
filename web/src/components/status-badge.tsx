import { statusColors } from '@common/status-colors'
import { useT, type MessageKey } from '@/i18n'
import { cn } from '@/lib/utils'

/**
 * A job, application or fund status in its fixed colour (common/status-colors.ts), named in the reader's language
 * (`status.in_escrow` for "In Escrow"); a status the catalogue does not know shows as it is.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const c = statusColors(status)
  const t = useT()
  const key = `status.${status.toLowerCase().replace(/ /g, '_')}` as MessageKey
  const label = t(key)
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap capitalize',
        className,
      )}
      style={{ color: c.fg, backgroundColor: c.bg, borderColor: c.border }}
    >
      <span className="size-1.5 rounded-full" style={{ backgroundColor: c.fg }} aria-hidden />
      {label === key ? status : label}
    </span>
  )
}
