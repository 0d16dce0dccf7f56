import { RotateCw } from 'lucide-react'
import { toast } from 'sonner'
import { formatRupees } from '@common/money'
import type { MoneyOutDto } from '@common/schemas/operator-money'
import { TONE_COLORS } from '@common/status-colors'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { httpStatus, serverMessage } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useRetryMoneyOut } from '../api/retry-money-out'
import { formatDateTime } from './format'

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
  const noun = item.type === 'refund' ? 'refund' : 'transfer'
  const onRetry = () =>
    retry.mutate(item, {
      onSuccess: (answer) => {
        const message = answer.message ?? `The ${noun} was sent to the provider again`
        // The provider may refuse it again at once: that is the answer's news, not a success.
        if ((answer.refund ?? answer.transfer)?.status === 'failed') toast.error(message)
        else toast.success(message)
      },
      onError: (error) => {
        const status = httpStatus(error)
        if (status === 404)
          toast.error(`This ${noun} can no longer be found: it may have been settled or retried already.`)
        else if (status === 409)
          toast.error(serverMessage(error) ?? `This ${noun} cannot be retried in its current state.`)
        else toastError(error, `Could not retry the ${noun}. Please try again.`)
      },
    })
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold tabular-nums">{formatRupees(item.amount)}</span>
          <span className="text-sm text-muted-foreground capitalize">{noun}</span>
          <MoneyOutStatus status={item.status} />
        </div>
        {item.failureReason ? <p className="text-sm text-red-700">{item.failureReason}</p> : null}
        <p className="text-xs text-muted-foreground">
          <span className="font-mono break-all">{item._id}</span> · payment{' '}
          <span className="font-mono break-all">{item.paymentId}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          Made {formatDateTime(item.createdAt)} · {item.attempts}{' '}
          {item.attempts === 1 ? 'attempt' : 'attempts'}
        </p>
      </div>
      {canRetry ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onRetry}
          disabled={retry.isPending}
          aria-label={`Retry ${noun} of ${formatRupees(item.amount)}`}
          className="self-start sm:self-center"
        >
          {retry.isPending ? <Spinner /> : <RotateCw aria-hidden />} Retry
        </Button>
      ) : null}
    </li>
  )
}

/** Failed in the palette's danger tone, pending in its warning tone (common/status-colors.ts). */
function MoneyOutStatus({ status }: { status: string }) {
  const c = TONE_COLORS[status === 'failed' ? 'danger' : status === 'pending' ? 'warning' : 'neutral']
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium capitalize"
      style={{ color: c.fg, backgroundColor: c.bg, borderColor: c.border }}
    >
      <span className="size-1.5 rounded-full" style={{ backgroundColor: c.fg }} aria-hidden />
      {status}
    </span>
  )
}
