import { AlertTriangle } from 'lucide-react'
import { formatRupees } from '@common/money'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useReleasePreview } from '../api/release-preview'
import { taxParts, taxTotal } from '@/lib/tax-figure'

function Line({
  label,
  note,
  value,
  minus,
  strong,
}: {
  label: string
  note?: string
  value: number
  minus?: boolean
  strong?: boolean
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', strong && 'border-t pt-2 font-semibold')}>
      <dt className="min-w-0">
        {label}
        {note ? <span className="block text-xs font-normal text-muted-foreground">{note}</span> : null}
      </dt>
      <dd className="shrink-0 tabular-nums">
        {minus && value > 0 ? '− ' : ''}
        {formatRupees(value)}
      </dd>
    </div>
  )
}

/**
 * The split of a release before the client confirms it (ADR 050): fee, GST on the fee, TDS, TCS and what reaches the
 * freelancer. A preview that fails does not block the release; it says the split could not be shown.
 */
export function ReleaseSplit({
  contractId,
  units,
  open,
  name,
}: {
  contractId: string | undefined
  units: number
  open: boolean
  name: string
}) {
  const preview = useReleasePreview(contractId, units, open)
  if (!contractId || preview.isError)
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        The split could not be shown. You can still release; the fee and taxes are worked out when the money
        moves.
      </p>
    )
  if (preview.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          Working out the split...
        </p>
        <Skeleton className="h-28 rounded-lg bg-slate-100" />
      </div>
    )
  const p = preview.data
  const tdsNote = p.tdsRatePercent ? `Section 194-O, ${p.tdsRatePercent}%` : 'Section 194-O'
  return (
    <section
      aria-label="Split of this release"
      aria-busy={preview.isFetching}
      className={cn('rounded-lg border bg-slate-50 p-3 text-sm', preview.isPlaceholderData && 'opacity-60')}
    >
      <dl className="flex flex-col gap-1.5" aria-live="polite">
        <Line label="Released from escrow" value={p.gross} />
        <Line label="Platform fee" value={p.fee} minus />
        <Line label="GST on the fee" note={taxParts(p.gst) || undefined} value={taxTotal(p.gst)} minus />
        <Line label="TDS" note={tdsNote} value={p.tds} minus />
        <Line label="TCS" note={taxParts(p.tcs) || 'GST, section 52'} value={taxTotal(p.tcs)} minus />
        <Line label={`Net to ${name}`} value={p.net} strong />
      </dl>
    </section>
  )
}
