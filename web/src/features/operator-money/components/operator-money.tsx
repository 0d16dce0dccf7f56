import type { ReactNode } from 'react'
import { AlertTriangle, CircleCheck, Play } from 'lucide-react'
import { toast } from 'sonner'
import type { OperatorMoneyDto } from '@common/schemas/operator-money'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { formatDateTime, formatNumber } from '@/i18n/format'
import { errorText } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useOperatorMoney } from '../api/get-operator-money'
import { useRunReconciliation } from '../api/run-reconciliation'
import { MismatchList } from './mismatch-list'
import { MoneyOutList } from './money-out-list'

/** /admin/money: the latest reconciliation and what it found, and the refunds and transfers that need a hand. */
export function OperatorMoney() {
  const money = useOperatorMoney()
  const t = useT()
  if (money.isPending)
    return (
      <div className="flex flex-col gap-4" aria-busy="true" aria-label={t('money.ops.loading')}>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  if (money.isError)
    return (
      <EmptyState icon={AlertTriangle} title={t('money.ops.loadFailed')}>
        <p>{errorText(money.error, t('money.checkConnection'))}</p>
        <Button className="mt-3" variant="outline" onClick={() => void money.refetch()}>
          {t('money.tryAgain')}
        </Button>
      </EmptyState>
    )
  const d = money.data
  return (
    <div className="flex flex-col gap-6">
      <LastRun data={d} />
      <Section id="money-mismatches" title={t('money.ops.mismatches')} count={d.mismatches.length}>
        <Findings data={d} />
      </Section>
      <Section id="money-failed-refunds" title={t('money.ops.failedRefunds')} count={d.failedRefunds.length}>
        <MoneyOutList
          items={d.failedRefunds}
          empty={t('money.ops.noFailedRefunds')}
          canRetry={() => d.retry.refunds}
        />
      </Section>
      <Section
        id="money-failed-transfers"
        title={t('money.ops.failedTransfers')}
        count={d.failedTransfers.length}
      >
        <MoneyOutList
          items={d.failedTransfers}
          empty={t('money.ops.noFailedTransfers')}
          canRetry={() => d.retry.transfers}
        />
      </Section>
      <Section id="money-stuck" title={t('money.ops.stuck')} count={d.stuck.length}>
        <MoneyOutList items={d.stuck} empty={t('money.ops.noneStuck')} canRetry={() => false} />
      </Section>
    </div>
  )
}

function Section({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count: number
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-muted-foreground">({formatNumber(count)})</span>
      </h2>
      {children}
    </section>
  )
}

function LastRun({ data }: { data: OperatorMoneyDto }) {
  const run = useRunReconciliation()
  const t = useT()
  const last = data.lastRun
  const onRun = () =>
    run.mutate(undefined, {
      onSuccess: ({ run: r }) => {
        if (r.error) toast.error(t('money.ops.runStopped', { error: r.error }))
        else if (r.mismatches === 0) toast.success(t('money.ops.runAllMatch'))
        else toast.warning(t('money.ops.runFound', { count: r.mismatches }))
      },
      onError: (error) => toastError(error, t('money.ops.runFailed')),
    })
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('money.ops.lastRun')}</CardTitle>
        <Button onClick={onRun} disabled={run.isPending}>
          {run.isPending ? <Spinner /> : <Play aria-hidden />}
          {run.isPending ? t('money.ops.running') : t('money.ops.runNow')}
        </Button>
      </CardHeader>
      <CardContent>
        {last ? (
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label={t('money.ops.started')}>{formatDateTime(last.startedAt)}</Figure>
            <Figure label={t('money.ops.finished')}>
              {last.finishedAt ? formatDateTime(last.finishedAt) : t('money.ops.stillRunning')}
            </Figure>
            <Figure label={t('money.ops.checked')}>{formatNumber(last.checked)}</Figure>
            <Figure label={t('money.ops.mismatches')}>{formatNumber(last.mismatches)}</Figure>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">{t('money.ops.neverRun')}</p>
        )}
        {last?.error ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {t('money.ops.stoppedEarly', { error: last.error })}
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
  const t = useT()
  const last = data.lastRun
  if (!last) return <p className="text-sm text-muted-foreground">{t('money.ops.runToCompare')}</p>
  if (data.mismatches.length)
    return (
      <>
        {last.mismatches > data.mismatches.length ? (
          <p className="text-sm text-muted-foreground">
            {t('money.ops.showingFirst', { shown: data.mismatches.length, total: last.mismatches })}
          </p>
        ) : null}
        <MismatchList mismatches={data.mismatches} />
      </>
    )
  if (last.error) return <p className="text-sm text-muted-foreground">{t('money.ops.unfinished')}</p>
  return (
    <EmptyState icon={CircleCheck} title={t('money.ops.allMatch')} className="py-10">
      {t('money.ops.allMatchText', { count: last.checked })}
    </EmptyState>
  )
}
