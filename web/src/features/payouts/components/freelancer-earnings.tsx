import { Link } from 'react-router'
import { Landmark, Wallet } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { inFinancialYear } from '@/lib/financial-years'
import { rupees } from '@/lib/rupees'
import { usePayoutAccount } from '../api/payout-account'
import { usePayouts, type Payout } from '../api/get-payouts'
import { totalsOf } from '../lib/payout-figures'
import { PayoutRows } from './payout-rows'

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-xl border bg-white p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{rupees(value)}</dd>
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
  const t = useT()
  if (waiting <= 0) return null
  const saved = account.data
  const amount = rupees(waiting)
  const text = !saved
    ? t('money.earnings.waitingForDetails', { amount })
    : saved.status === 'activated'
      ? t('money.earnings.waitingQueued', { amount })
      : t('money.earnings.waitingActivation', { amount })
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
          {saved ? t('money.earnings.checkDetails') : t('money.addPayoutDetails')}
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
  const t = useT()
  if (q.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          {t('money.earnings.loading')}
        </p>
        <Skeleton className="h-20 rounded-xl bg-slate-100" />
        <Skeleton className="h-40 rounded-xl bg-slate-100" />
      </div>
    )
  if (q.isError)
    return (
      <LoadError error={q.error} fallback={t('money.earnings.loadFailed')} onRetry={() => void q.refetch()} />
    )
  const all = q.data.payouts
  const inYear = all.filter((p) => inFinancialYear(p.createdAt, year))
  const totals = totalsOf(inYear)
  // Waiting money is owed whatever year it was released in, so the note counts all of it.
  const waiting = q.data.pendingPayout ?? waitingOf(all)
  return (
    <section aria-labelledby="earned-h" className="flex flex-col gap-3">
      <h2 id="earned-h" className="text-base font-semibold text-slate-900">
        {t('money.earnings.asFreelancer')}
      </h2>
      <WaitingNote waiting={waiting} account={account} />
      <dl
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        aria-label={t('money.earnings.summary', { year })}
      >
        <Stat label={t('money.payoutState.pending')} value={totals.pendingPayout} />
        <Stat label={t('money.payoutState.onItsWay')} value={totals.onItsWay} />
        <Stat label={t('money.earnings.paidOut')} value={totals.paidOut} />
        <Stat
          label={t('money.earnings.withheld')}
          value={totals.withheld}
          note={t('money.earnings.ofReleased', { amount: rupees(totals.gross) })}
        />
      </dl>
      {inYear.length === 0 ? (
        <EmptyState icon={Wallet} title={t('money.earnings.none', { year })}>
          {t('money.earnings.noneText')}
        </EmptyState>
      ) : (
        <PayoutRows payouts={inYear} year={year} />
      )}
    </section>
  )
}
