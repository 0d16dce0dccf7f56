import { useT } from '@/i18n'
import { rupees } from '@/lib/rupees'
import { StatusBadge } from '@/components/status-badge'
import type { EscrowSummary } from '../api/types'
import { unitsText } from '../lib/units'

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
  const t = useT()
  const unitsShown = summary.paymentType !== 'one-time'
  return (
    <section
      aria-label={t('money.escrow.title')}
      className="flex flex-col gap-3 rounded-xl border bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('money.escrow.title')}</h3>
        <StatusBadge status={summary.fundStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        <Figure label={t('money.escrow.inEscrow')} value={rupees(summary.inEscrow)} strong />
        <Figure label={t('money.escrow.released')} value={rupees(summary.released)} />
        <Figure label={t('money.escrow.funded')} value={rupees(summary.funded)} />
        <Figure label={t('money.escrow.refunded')} value={rupees(summary.refunded)} />
      </dl>
      {unitsShown ? (
        <p className="text-xs text-muted-foreground">
          {t('money.escrow.unitsLine', {
            funded: summary.fundedUnits,
            total: unitsText(t, summary, summary.totalUnits),
            released: summary.releasedUnits,
          })}
          {summary.fees > 0 ? ` · ${t('money.escrow.feeLower', { amount: rupees(summary.fees) })}` : ''}
        </p>
      ) : summary.fees > 0 ? (
        <p className="text-xs text-muted-foreground">
          {t('money.escrow.fee', { amount: rupees(summary.fees) })}
        </p>
      ) : null}
      {summary.freelancer ? (
        <p className="text-xs text-muted-foreground">
          {t('money.escrow.hired')}{' '}
          <span className="font-medium text-slate-700">{summary.freelancer.fullname}</span>
          {summary.workSubmitted ? ` · ${t('money.escrow.workSubmitted')}` : ''}
          {summary.paymentRequested ? ` · ${t('money.escrow.paymentRequested')}` : ''}
        </p>
      ) : null}
    </section>
  )
}
