import { RotateCw } from 'lucide-react'
import { toast } from 'sonner'
import type { MoneyOutDto } from '@common/schemas/operator-money'
import { TONE_COLORS } from '@common/status-colors'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { formatDateTime } from '@/i18n/format'
import { httpStatus, serverMessage } from '@/lib/errors'
import { rupees } from '@/lib/rupees'
import { toastError } from '@/lib/toast-error'
import { useRetryMoneyOut } from '../api/retry-money-out'

/** Failed or stuck refunds and transfers, one card each, with Retry where the server has the retry route. */
export function MoneyOutList({
  items,
  empty,
  canRetry,
}: {
  items: MoneyOutDto[]
  empty: string
  canRetry: (item: MoneyOutDto) => boolean
}) {
  if (!items.length) return <p className="text-sm text-muted-foreground">{empty}</p>
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <MoneyOutItem key={`${item.type}:${item._id}`} item={item} canRetry={canRetry(item)} />
      ))}
    </ul>
  )
}

function MoneyOutItem({ item, canRetry }: { item: MoneyOutDto; canRetry: boolean }) {
  const retry = useRetryMoneyOut()
  const t = useT()
  const refund = item.type === 'refund'
  const onRetry = () =>
    retry.mutate(item, {
      onSuccess: (answer) => {
        const message = answer.message ?? t(refund ? 'money.ops.refund.resent' : 'money.ops.transfer.resent')
        // The provider may refuse it again at once: that is the answer's news, not a success.
        if ((answer.refund ?? answer.transfer)?.status === 'failed') toast.error(message)
        else toast.success(message)
      },
      onError: (error) => {
        const status = httpStatus(error)
        if (status === 404) toast.error(t(refund ? 'money.ops.refund.gone' : 'money.ops.transfer.gone'))
        else if (status === 409)
          toast.error(
            serverMessage(error) ?? t(refund ? 'money.ops.refund.notNow' : 'money.ops.transfer.notNow'),
          )
        else toastError(error, t(refund ? 'money.ops.refund.failed' : 'money.ops.transfer.failed'))
      },
    })
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold tabular-nums">{rupees(item.amount)}</span>
          <span className="text-sm text-muted-foreground">
            {t(refund ? 'money.ops.refund' : 'money.ops.transfer')}
          </span>
          <MoneyOutStatus status={item.status} />
        </div>
        {item.failureReason ? <p className="text-sm text-red-700">{item.failureReason}</p> : null}
        <p className="text-xs text-muted-foreground">
          <span className="font-mono break-all">{item._id}</span> · {t('money.ops.payment')}{' '}
          <span className="font-mono break-all">{item.paymentId}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          {t('money.ops.made', { when: formatDateTime(item.createdAt), count: item.attempts })}
        </p>
      </div>
      {canRetry ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retry.isPending}
          aria-label={t(refund ? 'money.ops.refund.retry' : 'money.ops.transfer.retry', {
            amount: rupees(item.amount),
          })}
          className="self-start sm:self-center"
        >
          {retry.isPending ? <Spinner /> : <RotateCw aria-hidden />} {t('money.ops.retry')}
        </Button>
      ) : null}
    </li>
  )
}

/** Failed in the palette's danger tone, pending in its warning tone (common/status-colors.ts). */
function MoneyOutStatus({ status }: { status: string }) {
  const t = useT()
  const c = TONE_COLORS[status === 'failed' ? 'danger' : status === 'pending' ? 'warning' : 'neutral']
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium"
      style={{ color: c.fg, backgroundColor: c.bg, borderColor: c.border }}
    >
      <span className="size-1.5 rounded-full" style={{ backgroundColor: c.fg }} aria-hidden />
      {status === 'failed'
        ? t('money.ops.status.failed')
        : status === 'pending'
          ? t('money.ops.status.pending')
          : status}
    </span>
  )
}
