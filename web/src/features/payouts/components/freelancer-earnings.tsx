import { Link } from 'react-router'
import { Landmark, Wallet } from 'lucide-react'
import { formatRupees } from '@common/money'
import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { inFinancialYear } from '@/lib/financial-years'
import { usePayoutAccount } from '../api/payout-account'
import { usePayouts, type Payout } from '../api/get-payouts'
import { totalsOf } from '../lib/payout-figures'
import { PayoutRows } from './payout-rows'

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-xl border bg-white p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatRupees(value)}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  )
}

/** Money released but held until payout details are added and activated: says so, with the way there. */
function WaitingNote({
  waiting,
  account,
}: {
  waiting: number
  account: ReturnType<typeof usePayoutAccount>
}) {
  if (waiting <= 0) return null
  const saved = account.data
  const text = !saved
    ? `${formatRupees(waiting)} is waiting for your payout details. Add your PAN and a bank account or UPI id to receive it.`
    : saved.status === 'activated'
      ? `${formatRupees(waiting)} is being queued for payout to your account.`
      : `${formatRupees(waiting)} is waiting until your payout account is activated.`
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <Landmark className="mt-0.5 size-4 shrink-0" aria-hidden /> {text}
      </p>
      {saved?.status === 'activated' ? null : (
        <Link
          to={paths.payoutSettings.href()}
          className="shrink-0 font-medium text-amber-950 underline underline-offset-2 hover:no-underline"
        >
          {saved ? 'Check payout details' : 'Add payout details'}
        </Link>
      )}
    </div>
  )
}

const waitingOf = (list: Payout[]) => totalsOf(list).pendingPayout

/**
 * The freelancer's side of /earnings (ADR 050): what waits for payout details, what is on its way, what is paid (with
 * its UTR) and what was withheld as fee and taxes, per contract, for one financial year.
 */
export function FreelancerEarnings({ year }: { year: string }) {
  const account = usePayoutAccount()
  const q = usePayouts({ waitingWillMove: account.data?.status === 'activated' })
  if (q.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          Loading your earnings...
        </p>
        <Skeleton className="h-20 rounded-xl bg-slate-100" />
        <Skeleton className="h-40 rounded-xl bg-slate-100" />
      </div>
    )
  if (q.isError)
    return <LoadError error={q.error} fallback="Failed to load earnings" onRetry={() => void q.refetch()} />
  const all = q.data.payouts
  const inYear = all.filter((p) => inFinancialYear(p.createdAt, year))
  const t = totalsOf(inYear)
  // Waiting money is owed whatever year it was released in, so the note counts all of it.
  const waiting = q.data.pendingPayout ?? waitingOf(all)
  return (
    <section aria-labelledby="earned-h" className="flex flex-col gap-3">
      <h2 id="earned-h" className="text-base font-semibold text-slate-900">
        As a freelancer
      </h2>
      <WaitingNote waiting={waiting} account={account} />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={`Earnings summary, ${year}`}>
        <Stat label="Pending payout" value={t.pendingPayout} />
        <Stat label="On its way" value={t.onItsWay} />
        <Stat label="Paid out" value={t.paidOut} />
        <Stat
          label="Fees and taxes withheld"
          value={t.withheld}
          note={`of ${formatRupees(t.gross)} released`}
        />
      </dl>
      {inYear.length === 0 ? (
        <EmptyState icon={Wallet} title={`No earnings in ${year}`}>
          When a client releases escrow to you, it shows here with its fee, taxes and payout.
        </EmptyState>
      ) : (
        <PayoutRows payouts={inYear} year={year} />
      )}
    </section>
  )
}
