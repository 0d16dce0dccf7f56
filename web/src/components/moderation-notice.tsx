import { ShieldAlert } from 'lucide-react'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'

/**
 * What a poster sees on a job that is not public (ADR 056): held for an operator's review with our reason, or not
 * approved with the operator's. Only the poster's answers carry `moderation`.
 */
export function ModerationNotice({
  moderation,
  compact = false,
  className,
}: {
  moderation: { status: 'held' | 'rejected'; reason: string | null; note: string | null }
  compact?: boolean
  className?: string
}) {
  const held = moderation.status === 'held'
  const t = useT()
  return (
    <div
      role="status"
      data-testid="moderation-notice"
      className={cn(
        'flex items-start gap-2 rounded-xl border text-sm leading-6',
        compact ? 'px-3 py-2 text-xs leading-5' : 'px-4 py-3',
        held ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-rose-200 bg-rose-50 text-rose-900',
        className,
      )}
    >
      <ShieldAlert className={cn('shrink-0', compact ? 'mt-0.5 size-3.5' : 'mt-1 size-4')} aria-hidden />
      <p>
        {held ? (
          <>
            <strong className="font-semibold">{t('moderation.held')}</strong>{' '}
            {t('moderation.heldBody', { reason: moderation.reason ?? t('moderation.heldReason') })}
          </>
        ) : (
          <>
            <strong className="font-semibold">{t('moderation.rejected')}</strong>{' '}
            {t('moderation.rejectedBody', { note: moderation.note ?? t('moderation.rejectedNote') })}
          </>
        )}
      </p>
    </div>
  )
}
