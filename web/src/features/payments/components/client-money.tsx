import { Link } from 'react-router'
import { HandCoins } from 'lucide-react'
import { StatusBadge } from '@/components/status-badge'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { currentFinancialYear, inFinancialYear } from '@/lib/financial-years'
import { rupees } from '@/lib/rupees'
import type { ContractDetail } from '../api/get-contract'
import { useContractDetails, useMyContracts } from '../api/get-my-contracts'
import type { Contract } from '../api/get-contracts'
import { RefundLines } from './refund-lines'

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-white p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{rupees(value)}</dd>
    </div>
  )
}

const sum = (list: readonly Contract[], pick: (c: Contract) => number) =>
  list.reduce((s, c) => s + Math.round(pick(c) * 100), 0) / 100

/** A contract belongs to a year when it was made then, moved money then, or (this year) still holds money. */
function touchesYear(c: ContractDetail, year: string) {
  return (
    inFinancialYear(c.createdAt, year) ||
    (c.refunds ?? []).some((r) => inFinancialYear(r.createdAt, year)) ||
    (c.payouts ?? []).some((p) => inFinancialYear(p.createdAt, year)) ||
    (year === currentFinancialYear() && c.escrow.inEscrow > 0)
  )
}

function ContractItem({ contract, year }: { contract: ContractDetail; year: string }) {
  const t = useT()
  const { escrow } = contract
  const releases = (contract.payouts ?? []).filter((p) => inFinancialYear(p.createdAt, year))
  const refunds = (contract.refunds ?? []).filter((r) => inFinancialYear(r.createdAt, year))
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={paths.jobDescription.href(contract.jobId)}
            className="font-medium break-words hover:text-primary"
          >
            {contract.jobTitle}
          </Link>
          <span className="block text-xs text-muted-foreground">
            {contract.freelancer?.fullname ?? t('money.freelancer')} ·{' '}
            {t('money.client.hiredOn', { date: formatDate(contract.createdAt) })} ·{' '}
            <Link to={paths.contract.href(contract._id)} className="text-primary hover:underline">
              {t('money.contract')}
            </Link>
          </span>
        </div>
        <StatusBadge status={escrow.fundStatus} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums">
        {t('money.client.fundedLine', { amount: rupees(escrow.funded) })} · {t('money.escrow.inEscrow')}{' '}
        <strong className="text-slate-900">{rupees(escrow.inEscrow)}</strong> ·{' '}
        {t('money.client.releasedLine', { amount: rupees(escrow.released) })} ·{' '}
        {t('money.client.refundedLine', { amount: rupees(escrow.refunded) })}
      </p>
      {releases.length ? (
        <ul aria-label={t('money.client.releases')} className="flex flex-col gap-1 text-xs">
          {releases.map((p) => (
            <li key={p._id} className="flex items-start gap-1.5 text-slate-700">
              <HandCoins className="mt-px size-3.5 shrink-0" aria-hidden />
              <span>
                {t('money.client.releasedOn', { amount: rupees(p.gross), date: formatDate(p.createdAt) })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <RefundLines refunds={refunds} />
    </li>
  )
}

/**
 * The client's side of /earnings (ADR 050): each hire's funding, releases and refunds — with each refund's way back
 * to the card or UPI — for one financial year.
 */
export function ClientMoney({ year, viewerId }: { year: string; viewerId: string }) {
  const q = useMyContracts()
  const t = useT()
  const mine = (q.data ?? []).filter((c) => c.client?._id === viewerId)
  const details = useContractDetails(mine.map((c) => c._id))
  if (q.isPending)
    return <Skeleton className="h-40 rounded-xl bg-slate-100" aria-label={t('money.client.loading')} />
  if (q.isError)
    return (
      <LoadError error={q.error} fallback={t('money.client.loadFailed')} onRetry={() => void q.refetch()} />
    )
  if (!mine.length) return null
  // A contract whose own answer has not come (or failed) is shown with its totals from the list.
  const full: ContractDetail[] = mine.map((c, i) => details[i]?.data ?? c)
  const shown = full
    .filter((c) => touchesYear(c, year))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return (
    <section aria-labelledby="funding-h" className="flex flex-col gap-3">
      <h2 id="funding-h" className="text-base font-semibold text-slate-900">
        {t('money.client.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('money.client.summary', { year })}>
        <Stat label={t('money.escrow.inEscrow')} value={sum(shown, (c) => c.escrow.inEscrow)} />
        <Stat label={t('money.escrow.released')} value={sum(shown, (c) => c.escrow.released)} />
        <Stat label={t('money.escrow.funded')} value={sum(shown, (c) => c.escrow.funded)} />
        <Stat label={t('money.escrow.refunded')} value={sum(shown, (c) => c.escrow.refunded)} />
      </dl>
      {shown.length ? (
        <ul className="divide-y rounded-xl border bg-white" aria-label={t('money.client.perHire')}>
          {shown.map((c) => (
            <ContractItem key={c._id} contract={c} year={year} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed bg-white px-4 py-6 text-center text-sm text-muted-foreground">
          {t('money.client.none', { year })}
        </p>
      )}
    </section>
  )
}
