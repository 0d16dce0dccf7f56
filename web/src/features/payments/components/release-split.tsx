import { AlertTriangle } from 'lucide-react'
import { useT } from '@/i18n'
import { rupees } from '@/lib/rupees'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'
import { useReleasePreview } from '../api/release-preview'
import { taxParts, taxTotal } from '@/lib/tax-figure'

/** Tax names read the same in every language (the forms and the law use them as they are). */
const TDS = 'TDS'
const TCS = 'TCS'

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
        {rupees(value)}
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
  const t = useT()
  if (!contractId || preview.isError)
    return (
      <p
        role="status"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs text-amber-900"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('money.split.failed')}
      </p>
    )
  if (preview.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          {t('money.split.working')}
        </p>
        <Skeleton className="h-28 rounded-lg bg-slate-100" />
      </div>
    )
  const p = preview.data
  const tdsNote = p.tdsRatePercent
    ? t('money.split.tdsRate', { rate: p.tdsRatePercent })
    : t('money.split.tdsSection')
  return (
    <section
      aria-label={t('money.split.label')}
      aria-busy={preview.isFetching}
      className={cn('rounded-lg border bg-slate-50 p-3 text-sm', preview.isPlaceholderData && 'opacity-60')}
    >
      <dl className="flex flex-col gap-1.5" aria-live="polite">
        <Line label={t('money.split.gross')} value={p.gross} />
        <Line label={t('money.split.fee')} value={p.fee} minus />
        <Line
          label={t('money.split.gst')}
          note={taxParts(p.gst) || undefined}
          value={taxTotal(p.gst)}
          minus
        />
        <Line label={TDS} note={tdsNote} value={p.tds} minus />
        <Line
          label={TCS}
          note={taxParts(p.tcs) || t('money.split.tcsSection')}
          value={taxTotal(p.tcs)}
          minus
        />
        <Line label={t('money.split.net', { name })} value={p.net} strong />
      </dl>
    </section>
  )
}
