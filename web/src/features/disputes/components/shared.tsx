import { useId, useState, type ReactNode } from 'react'
import { Paperclip } from 'lucide-react'
import type { DisputeDtoType } from '@common/schemas/dispute'
import { rupees } from '@/lib/rupees'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { addsUpTo, formatWhen, parseRupees } from '../lib/format'

/** The dispute's state as a coloured word. */
export function DisputeStatus({ status }: { status: DisputeDtoType['status'] }) {
  const t = useT()
  const look = {
    open: 'border-amber-200 bg-amber-50 text-amber-800',
    resolved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    settled: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  }[status]
  const word = {
    open: t('contract.dispute.status.open'),
    resolved: t('contract.dispute.status.resolved'),
    settled: t('contract.dispute.status.settled'),
  }[status]
  return (
    <Badge variant="outline" className={cn(look)}>
      {word}
    </Badge>
  )
}

/** Links to the files a side attached. */
export function Attachments({ urls }: { urls: string[] }) {
  const t = useT()
  if (!urls.length) return null
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('contract.dispute.attachedFiles')}>
      {urls.map((u, i) => (
        <li key={u}>
          <a
            href={u}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs text-primary hover:bg-muted"
          >
            <Paperclip className="size-3" aria-hidden /> {t('contract.delivery.file', { n: i + 1 })}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One side's statement: who, when, the words and files. */
export function Statement({
  title,
  when,
  children,
  files,
}: {
  title: string
  when: string | null
  children: ReactNode
  files: string[]
}) {
  return (
    <div className="rounded-lg border bg-muted/30 p-3">
      <p className="text-xs font-medium text-muted-foreground">
        {title}
        {when ? ` · ${formatWhen(when)}` : ''}
      </p>
      <div className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{children}</div>
      <Attachments urls={files} />
    </div>
  )
}

/** What the dispute ended with: the amounts each way and the reason. */
export function Outcome({ d }: { d: DisputeDtoType }) {
  const t = useT()
  if (!d.outcome) return null
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <p className="font-medium">
        {d.outcome.decidedBy === 'operator'
          ? t('contract.dispute.outcome.operator')
          : t('contract.dispute.outcome.settled')}
        {d.closedAt ? t('contract.dispute.outcome.on', { when: formatWhen(d.closedAt) }) : ''}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-emerald-800">{t('contract.dispute.outcome.released')}</dt>
          <dd className="font-semibold" data-testid="outcome-release">
            {rupees(d.outcome.releaseAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-800">{t('contract.dispute.outcome.refunded')}</dt>
          <dd className="font-semibold" data-testid="outcome-refund">
            {rupees(d.outcome.refundAmount)}
          </dd>
        </div>
      </dl>
      <p className="mt-2">
        <span className="font-medium">{t('contract.dispute.outcome.reason')}</span> {d.outcome.note}
      </p>
    </div>
  )
}

/** A split of the money in escrow being typed: both amounts as typed, parsed, and whether they add up. */
export function useSplit(inEscrow: number) {
  const [release, setRelease] = useState('')
  const [refund, setRefund] = useState('')
  const r = parseRupees(release)
  const f = parseRupees(refund)
  const parsed = !Number.isNaN(r) && !Number.isNaN(f)
  return { release, setRelease, refund, setRefund, r, f, parsed, adds: parsed && addsUpTo(r, f, inEscrow) }
}
export type Split = ReturnType<typeof useSplit>

/**
 * The two amounts of a split — to the freelancer, back to the client — and a live line saying whether they add up
 * to what is in escrow. The parties' proposal and the operator's decision both use it; the operator also sees the
 * sum typed so far (`showSum`).
 */
export function SplitFields({
  split,
  inEscrow,
  showSum,
}: {
  split: Split
  inEscrow: number
  showSum?: boolean
}) {
  const t = useT()
  const ids = { release: useId(), refund: useId(), check: useId() }
  const total = rupees(inEscrow)
  return (
    <>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.release}>{t('contract.dispute.split.release')}</Label>
          <Input
            id={ids.release}
            inputMode="decimal"
            value={split.release}
            onChange={(e) => split.setRelease(e.target.value)}
            aria-describedby={ids.check}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={ids.refund}>{t('contract.dispute.split.refund')}</Label>
          <Input
            id={ids.refund}
            inputMode="decimal"
            value={split.refund}
            onChange={(e) => split.setRefund(e.target.value)}
            aria-describedby={ids.check}
          />
        </div>
      </div>
      <p
        id={ids.check}
        aria-live="polite"
        className={cn('text-sm', split.adds ? 'text-emerald-700' : 'text-muted-foreground')}
      >
        {split.adds
          ? t('contract.dispute.split.addsUp', { total })
          : showSum && split.parsed
            ? t('contract.dispute.split.mustAddUpNow', { total, sum: rupees(split.r + split.f) })
            : t('contract.dispute.split.mustAddUp', { total })}
      </p>
    </>
  )
}
