import type { ReactNode } from 'react'
import { AlertTriangle, CircleCheck, Play } from 'lucide-react'
import { toast } from 'sonner'
import { formatCount } from '@common/money'
import type { OperatorMoneyDto } from '@common/schemas/operator-money'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useOperatorMoney } from '../api/get-operator-money'
import { useRunReconciliation } from '../api/run-reconciliation'
import { formatDateTime } from './format'
import { MismatchList } from './mismatch-list'
import { MoneyOutList } from './money-out-list'

/** /admin/money: the latest reconciliation and what it found, and the refunds and transfers that need a hand. */
export function OperatorMoney() {
  const money = useOperatorMoney()
  if (money.isPending)
    return (
      <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading the money checks">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  if (money.isError)
    return (
      <EmptyState icon={AlertTriangle} title="Could not load the money checks">
        <p>{errorText(money.error, 'Please check your connection and try again.')}</p>
        <Button className="mt-3" variant="outline" onClick={() => void money.refetch()}>
          Try again
        </Button>
      </EmptyState>
    )
  const d = money.data
  return (
    <div className="flex flex-col gap-6">
      <LastRun data={d} />
      <Section title="Mismatches" count={d.mismatches.length}>
        <Findings data={d} />
      </Section>
      <Section title="Failed refunds" count={d.failedRefunds.length}>
        <MoneyOutList items={d.failedRefunds} empty="No failed refunds." canRetry={() => d.retry.refunds} />
      </Section>
      <Section title="Failed transfers" count={d.failedTransfers.length}>
        <MoneyOutList
          items={d.failedTransfers}
          empty="No failed transfers."
          canRetry={() => d.retry.transfers}
        />
      </Section>
      <Section title="Pending for more than an hour" count={d.stuck.length}>
        <MoneyOutList items={d.stuck} empty="Nothing is stuck." canRetry={() => false} />
      </Section>
    </div>
  )
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `money-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-muted-foreground">({formatCount(count)})</span>
      </h2>
      {children}
    </section>
  )
}

function LastRun({ data }: { data: OperatorMoneyDto }) {
  const run = useRunReconciliation()
  const last = data.lastRun
  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: ({ run: r }) => {
        if (r.error) toast.error(`The reconciliation stopped: ${r.error}`)
        else if (r.mismatches === 0) toast.success('Reconciliation finished: everything matches')
        else toast.warning(`Reconciliation finished: ${formatCount(r.mismatches)} mismatches found`)
      },
      onError: (error) => toastError(error, 'Could not run the reconciliation. Please try again.'),
    })
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Last reconciliation</CardTitle>
        <Button onClick={onRun} disabled={run.isPending}>
          {run.isPending ? <Spinner /> : <Play aria-hidden />}
          {run.isPending ? 'Running…' : 'Run reconciliation now'}
        </Button>
      </CardHeader>
      <CardContent>
        {last ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label="Started">{formatDateTime(last.startedAt)}</Figure>
            <Figure label="Finished">
              {last.finishedAt ? formatDateTime(last.finishedAt) : 'Still running'}
            </Figure>
            <Figure label="Checked">{formatCount(last.checked)}</Figure>
            <Figure label="Mismatches">{formatCount(last.mismatches)}</Figure>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            No reconciliation has run yet. It runs once a day; run it now to see where things stand.
          </p>
        )}
        {last?.error ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            The run stopped before it finished: {last.error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  )
}

function Findings({ data }: { data: OperatorMoneyDto }) {
  const last = data.lastRun
  if (!last)
    return <p className="text-sm text-muted-foreground">Run the reconciliation to compare the books.</p>
  if (data.mismatches.length)
    return (
      <>
        {last.mismatches > data.mismatches.length ? (
          <p className="text-sm text-muted-foreground">
            Showing the first {formatCount(data.mismatches.length)} of {formatCount(last.mismatches)}.
          </p>
        ) : null}
        <MismatchList mismatches={data.mismatches} />
      </>
    )
  if (last.error) return <p className="text-sm text-muted-foreground">The run did not finish its checks.</p>
  return (
    <EmptyState icon={CircleCheck} title="Everything matches" className="py-10">
      The ledger, our refunds, payouts, transfers and invoices, and the provider’s records agree (
      {formatCount(last.checked)} checked).
    </EmptyState>
  )
}
