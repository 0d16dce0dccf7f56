import { Link } from 'react-router'
import { AlertTriangle, Wallet } from 'lucide-react'
import { formatRupees } from '@common/money'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { errorText } from '@/lib/errors'
import { useEarnings } from '../api/get-earnings'

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-white p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatRupees(value)}</dd>
    </div>
  )
}

/** The caller's money: earnings per job as a freelancer, and escrow funded / released / refunded as a client. */
export function EarningsView() {
  const q = useEarnings()
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
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700"
      >
        <p className="flex items-center gap-2">
          <AlertTriangle className="size-4" aria-hidden /> {errorText(q.error, 'Failed to load earnings')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
          Retry
        </Button>
      </div>
    )
  const { earned, jobs, funding } = q.data
  // A client who has funded jobs but earned nothing sees their escrow first.
  const clientFirst = jobs.length === 0 && funding.funded > 0
  const freelancerSection = (
    <section aria-labelledby="earned-h" className="flex flex-col gap-3">
      <h2 id="earned-h" className="text-base font-semibold text-slate-900">
        As a freelancer
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label="Total earned" value={earned} />
      </dl>
      {jobs.length === 0 ? (
        <EmptyState icon={Wallet} title="No earnings yet">
          When a client releases escrow to you, it shows here.
        </EmptyState>
      ) : (
        <ul className="divide-y rounded-xl border bg-white">
          {jobs.map((j) => (
            <li key={j.jobId} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
              <Link
                to={paths.jobDescription.href(j.jobId)}
                className="min-w-0 truncate font-medium hover:text-primary"
              >
                {j.title}
              </Link>
              <span className="shrink-0 text-right tabular-nums">
                <span className="font-semibold text-slate-900">{formatRupees(j.earned)}</span>
                {j.fees > 0 ? (
                  <span className="block text-xs text-muted-foreground">fee {formatRupees(j.fees)}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
  const clientSection = (
    <>
      {funding.funded > 0 ? (
        <section aria-labelledby="funding-h" className="flex flex-col gap-3">
          <h2 id="funding-h" className="text-base font-semibold text-slate-900">
            As a client
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat label="In escrow" value={funding.inEscrow} />
            <Stat label="Released" value={funding.released} />
            <Stat label="Funded" value={funding.funded} />
            <Stat label="Refunded" value={funding.refunded} />
          </dl>
          <ul className="divide-y rounded-xl border bg-white" aria-label="Escrow per job">
            {funding.jobs.map((j) => (
              <li
                key={j.jobId}
                className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <Link
                  to={paths.jobDescription.href(j.jobId)}
                  className="min-w-0 truncate font-medium hover:text-primary"
                >
                  {j.title}
                </Link>
                <span className="text-xs text-muted-foreground tabular-nums">
                  In escrow <strong className="text-slate-900">{formatRupees(j.inEscrow)}</strong> · released{' '}
                  {formatRupees(j.released)} · refunded {formatRupees(j.refunded)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
  return (
    <div className="flex flex-col gap-6">
      {clientFirst ? clientSection : freelancerSection}
      {clientFirst ? freelancerSection : clientSection}
    </div>
  )
}
