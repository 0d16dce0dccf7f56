import { ShieldAlert } from 'lucide-react'
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
            <strong className="font-semibold">Held for review:</strong>{' '}
            {`${moderation.reason ?? 'the post needs a check'}. Only you can see this job until an operator approves it.`}
          </>
        ) : (
          <>
            <strong className="font-semibold">Not approved:</strong>{' '}
            {`${moderation.note ?? 'see the reason sent to you'}. Edit the job so it does not ask applicants to pay, and it can go live.`}
          </>
        )}
      </p>
    </div>
  )
}
