import { formatRupees } from '@common/money'
import { StatusBadge } from '@/components/status-badge'
import type { EscrowSummary } from '../api/types'
import { unitWord } from '../lib/units'

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd
        className={
          strong
            ? 'text-base font-semibold text-slate-900 tabular-nums'
            : 'text-sm font-medium text-slate-800 tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  )
}

/** Fund status and the escrow figures in ₹ with Indian grouping (what is held, released, refunded). */
export function EscrowSummaryView({ summary }: { summary: EscrowSummary }) {
  const unitsShown = summary.paymentType !== 'one-time'
  return (
    <section aria-label="Escrow" className="flex flex-col gap-3 rounded-xl border bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Escrow</h3>
        <StatusBadge status={summary.fundStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label="In escrow" value={formatRupees(summary.inEscrow)} strong />
        <Figure label="Released" value={formatRupees(summary.released)} />
        <Figure label="Funded" value={formatRupees(summary.funded)} />
        <Figure label="Refunded" value={formatRupees(summary.refunded)} />
      </dl>
      {unitsShown ? (
        <p className="text-xs text-muted-foreground">
          {summary.fundedUnits} of {summary.totalUnits} {unitWord(summary, summary.totalUnits)} funded ·{' '}
          {summary.releasedUnits} released
          {summary.fees > 0 ? ` · platform fee ${formatRupees(summary.fees)}` : ''}
        </p>
      ) : summary.fees > 0 ? (
        <p className="text-xs text-muted-foreground">Platform fee {formatRupees(summary.fees)}</p>
      ) : null}
      {summary.freelancer ? (
        <p className="text-xs text-muted-foreground">
          Hired: <span className="font-medium text-slate-700">{summary.freelancer.fullname}</span>
          {summary.workSubmitted ? ' · work submitted' : ''}
          {summary.paymentRequested ? ' · payment requested' : ''}
        </p>
      ) : null}
    </section>
  )
}
